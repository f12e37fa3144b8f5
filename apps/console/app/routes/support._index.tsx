import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { supportContract } from '@campus/api-contract';
import { RouteError } from '../features/resources/RouteError';
import { publicContractClient } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { formValues } from '../lib/forms.server';
import { assertSameOrigin } from '../lib/security.server';
import { customFieldsOf, IntakeFields } from '../areas/support-management/IntakeFields';
import '../areas/support-management/support.css';

/** Anyone may open this page without signing in. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Ask for help · ${APP_TITLE}` }];

interface PublicCategory {
  _id: string;
  name: string;
  intakeFields: { key: string; label: string; kind: string; choices: string[]; required: boolean }[];
}

/** The public help form: no sign-in, a plain HTML form; the answer is followed through a link sent by email. */
export async function loader({ context }: LoaderFunctionArgs) {
  const result = await publicContractClient(context, supportContract).getPublicForm();
  const categories = result.status === 200 ? (result.body as { data: { categories: PublicCategory[] } }).data.categories : [];
  return { categories };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const values = formValues(await request.formData());
  const customFields = customFieldsOf(values);
  const result = await publicContractClient(context, supportContract).createPublicTicket({
    body: {
      subject: values.subject ?? '',
      body: values.body ?? '',
      requesterName: values.requesterName ?? '',
      requesterEmail: values.requesterEmail ?? '',
      requesterNumber: values.requesterNumber || undefined,
      categoryV2Id: values.categoryV2Id ?? '',
      customFields,
    },
  });
  if (result.status === 202) return { sent: (result.body as { data: { reference: string } }).data.reference, values: {}, fieldErrors: {} as Record<string, string[]> };
  const body = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
  return data({ sent: null, values, message: result.status === 429 ? body.message : 'Validation Error — Please fillup required fields.', fieldErrors: body.fieldErrors ?? {} }, { status: result.status });
}

export default function PublicSupportForm() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  if (result?.sent) {
    return (
      <main className="cas-support-form" style={{ margin: '2rem auto' }}>
        <h1>Request received</h1>
        <p role="status">
          Your request is {result.sent}. We have emailed you a private link where you can follow it and reply.
        </p>
      </main>
    );
  }
  const values = (result?.values ?? {}) as Record<string, string>;
  const errors = result?.fieldErrors ?? {};
  const err = (name: string) =>
    errors[name]?.[0] ? (
      <span className="cas-error" id={`${name}-error`}>
        {errors[name]![0]}
      </span>
    ) : null;
  const field = (name: string, label: string, type = 'text', required = true) => (
    <label>
      {label}
      {required ? ' (required)' : ''}
      <input name={name} type={type} defaultValue={values[name] ?? ''} required={required} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${name}-error` : undefined} />
      {err(name)}
    </label>
  );
  return (
    <main style={{ margin: '2rem auto', maxWidth: '40rem', padding: '0 1rem' }}>
      <h1>Ask the university for help</h1>
      <p>Tell us what you need. We will answer by email and through a private link; no account is needed.</p>
      {result && 'message' in result && result.message ? (
        <p role="alert" className="cas-error">
          {result.message}
        </p>
      ) : null}
      <Form method="post" className="cas-support-form">
        {field('requesterName', 'Your name')}
        {field('requesterEmail', 'Email', 'email')}
        {field('requesterNumber', 'Student or employee number', 'text', false)}
        <label>
          What is it about? (required)
          <select name="categoryV2Id" defaultValue={values.categoryV2Id ?? ''} required>
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
          {err('categoryV2Id')}
        </label>
        <IntakeFields categories={categories} values={values} error={err} legend="Details some requests need (fill in those of your request)" />
        {field('subject', 'Subject')}
        <label>
          Your message (required)
          <textarea name="body" rows={6} defaultValue={values.body ?? ''} required />
          {err('body')}
        </label>
        <button type="submit" className="cas-button">
          Send request
        </button>
      </Form>
    </main>
  );
}

export const ErrorBoundary = RouteError;
