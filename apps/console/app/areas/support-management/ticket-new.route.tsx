import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ATTACHMENT_MAX_BYTES, ATTACHMENT_MAX_COUNT, CreateTicketSchema, supportContract } from '@campus/api-contract';
import { ticketPriorityOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { assertSameOrigin } from '../../lib/security.server';
import { FormNotice } from '../../components/FormNotice';
import { attachmentErrorsOf } from './attachment-errors';
import { IntakeFields } from './IntakeFields';
import { leafCategories, ticketFormBody, ticketFormSchema, type TreeNode } from './ticket-files.server';
import { signedIn } from '../../lib/request.server';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import '../../features/resources/resources.css';
import './support.css';

export const meta: MetaFunction = () => [{ title: `New ticket · ${APP_TITLE}` }];

/** An agent files a ticket for a requester (a call, a walk-in): the categories come from the tree. */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(supportContract);
  const tree: { data: { nodes: TreeNode[] } } = answerOf(await api.getCategoryTree(), 200);
  return { categories: leafCategories(tree.data.nodes) };
}

/** The new-ticket form: the contract's `CreateTicketSchema` with the intake answers given and the attachments. */
const NewTicketForm = ticketFormSchema(CreateTicketSchema);

/** The agent's ticket goes to the API as a multipart form; a refused form comes back with what was typed. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(supportContract);
  const submission = parseWithZod(await request.formData(), { schema: NewTicketForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const { attachments, ...fields } = submission.value;
  const answer = formAnswerOf(await api.createTicket({ body: ticketFormBody(fields, attachments) }), 201, submission, { shownStatuses: [413] });
  if (answer.refusal) return answer.refusal;
  const created = (answer.body as { data: { _id: string } }).data;
  throw redirect(`/app/support-management/tickets/${created._id}`);
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
  const refused = useActionData<typeof action>();
  const [form] = useForm({ lastResult: refused?.result });
  // What was typed comes back with a refused form; the files have to be chosen again.
  const values = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  // The API names a refused file by its place (`attachments[1]`): its message goes with the file input.
  const errors: Record<string, string[]> = { ...form.allErrors, attachments: attachmentErrorsOf(form.allErrors) };
  const described = (name: string) => (errors[name]?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  const field = (name: string, label: string, type = 'text', required = true) => (
    <label>
      {label}
      {required ? '*' : ''}
      <input name={name} type={type} defaultValue={text(name)} required={required} {...described(name)} />
      <FieldError id={`${name}-error`} errors={errors[name]} />
    </label>
  );
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to="/app/support-management/tickets">Tickets</Link>
      </nav>
      <h1 className="cas-page-title">New ticket</h1>
      <FormNotice notice={refused?.notice} />
      <Form method="post" encType="multipart/form-data" className="cas-support-form" noValidate>
        {field('requesterName', 'Requester name')}
        {field('requesterEmail', 'Requester email', 'email')}
        {field('requesterNumber', 'Student or employee number', 'text', false)}
        <label>
          Category*
          <select name="categoryV2Id" defaultValue={text('categoryV2Id')} required {...described('categoryV2Id')}>
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
          <select name="priority" defaultValue={text('priority')}>
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
          answers={values.customFields}
          error={(name) => <FieldError id={`${name}-error`} errors={errors[name]} />}
          legend="Details the category asks for (fill in those of the chosen category)"
        />
        {field('subject', 'Subject')}
        <label>
          Message*
          <textarea name="body" rows={6} defaultValue={text('body')} required {...described('body')} />
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
