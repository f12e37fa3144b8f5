import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT, supportContract } from '@campus/api-contract';
import { ticketPriorityOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { assertSameOrigin } from '../../lib/security.server';
import { customFieldsOf, IntakeFields } from './IntakeFields';
import { attachmentsOf, leafCategories, ticketFormBody, type TreeNode } from './ticket-files.server';
import { signedIn } from '../../lib/request.server';
import { answerOf } from '../../lib/answers.server';
import '../../features/resources/resources.css';
import './support.css';

export const meta: MetaFunction = () => [{ title: `New ticket · ${APP_TITLE}` }];

/** An agent files a ticket for a requester (a call, a walk-in): the categories come from the tree. */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(supportContract);
  const tree: { data: { nodes: TreeNode[] } } = answerOf(await api.getCategoryTree(), 200);
  return { categories: leafCategories(tree.data.nodes) };
}

const FIELDS = ['subject', 'body', 'requesterName', 'requesterEmail', 'requesterNumber', 'categoryV2Id', 'priority'] as const;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(supportContract);
  const form = await request.formData();
  const posted = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, String(v).trim()]));
  const values = { ...Object.fromEntries(FIELDS.map((f) => [f, ''])), ...posted } as Record<(typeof FIELDS)[number], string> & Record<string, string>;
  const { files, error } = attachmentsOf(form);
  if (error) return data({ values, message: error, fieldErrors: { attachments: [error] } as Record<string, string[]> }, { status: 400 });
  const result = await api.createTicket({
    body: ticketFormBody(
      {
        subject: values.subject,
        body: values.body,
        requesterName: values.requesterName,
        requesterEmail: values.requesterEmail,
        requesterNumber: values.requesterNumber || undefined,
        categoryV2Id: values.categoryV2Id || undefined,
        priority: values.priority || undefined,
        customFields: customFieldsOf(values),
      },
      files,
    ),
  });
  if (result.status === 201) {
    const created = (result.body as { data: { _id: string } }).data;
    throw redirect(`/app/support-management/tickets/${created._id}`);
  }
  const body = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
  return data({ values, message: 'Validation Error — Please fillup required fields.', fieldErrors: body.fieldErrors ?? {} }, { status: result.status });
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  return errors?.[0] ? (
    <span id={id} className="cas-error">
      {errors[0]}
    </span>
  ) : null;
}

export default function NewTicketRoute() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const values = (result?.values ?? {}) as Record<string, string>;
  const errors = (result?.fieldErrors ?? {}) as Record<string, string[]>;
  const described = (name: string) => (errors[name]?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  const text = (name: string, label: string, type = 'text', required = true) => (
    <label>
      {label}
      {required ? '*' : ''}
      <input name={name} type={type} defaultValue={values[name] ?? ''} required={required} {...described(name)} />
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </label>
  );
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to="/app/support-management/tickets">Tickets</Link>
      </nav>
      <h1 className="cas-page-title">New ticket</h1>
      {result?.message ? (
        <p role="alert" className="cas-error">
          {result.message}
        </p>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="cas-support-form" noValidate>
        {text('requesterName', 'Requester name')}
        {text('requesterEmail', 'Requester email', 'email')}
        {text('requesterNumber', 'Student or employee number', 'text', false)}
        <label>
          Category*
          <select name="categoryV2Id" defaultValue={values.categoryV2Id ?? ''} required {...described('categoryV2Id')}>
            <option value="">Choose a category</option>
            {categories.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="categoryV2Id-error" errors={errors.categoryV2Id} />
        </label>
        <label>
          Priority
          <select name="priority" defaultValue={values.priority ?? ''}>
            <option value="">The category’s default</option>
            {ticketPriorityOptions.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <IntakeFields
          categories={categories}
          values={values}
          error={(name) => <FieldError id={`${name}-error`} errors={errors[name]} />}
          legend="Details the category asks for (fill in those of the chosen category)"
        />
        {text('subject', 'Subject')}
        <label>
          Message*
          <textarea name="body" rows={6} defaultValue={values.body ?? ''} required {...described('body')} />
          <FieldError id="body-error" errors={errors.body} />
        </label>
        <label>
          Attachments (at most {ATTACHMENT_MAX_COUNT} files of {ATTACHMENT_MAX_BYTES / 1024} KiB)
          <input name="attachments" type="file" multiple {...described('attachments')} />
          <FieldError id="attachments-error" errors={errors.attachments} />
        </label>
        <p>
          <button type="submit" className="cas-button">
            Create ticket
          </button>
        </p>
      </Form>
    </>
  );
}

export const ErrorBoundary = RouteError;
