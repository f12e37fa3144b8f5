import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { PublicCreateTicketSchema, supportContract } from '@campus/api-contract';
import { RouteError } from '../../features/resources/RouteError';
import { publicContractClient } from '../../lib/api.server';
import { APP_TITLE } from '../../lib/constants';
import { formAnswerOf, invalidForm } from '../../lib/answers.server';
import { assertSameOrigin } from '../../lib/security.server';
import { FormNotice } from '../../components/FormNotice';
import { IntakeFields } from './IntakeFields';
import './support.css';
import { ticketFormBody, ticketFormSchema } from './ticket-files.server';

/** Anyone may open this page without signing in (declared in the area's `area.ts`, mounted outside `/app`). */
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

/** The public form: the contract's `PublicCreateTicketSchema` with the intake answers given (no files here). */
const PublicTicketForm = ticketFormSchema(PublicCreateTicketSchema);

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: PublicTicketForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const { attachments, ...fields } = submission.value;
  const result = await publicContractClient(context, supportContract).createPublicTicket({ body: ticketFormBody(fields, attachments) });
  // Too many requests from one address: the form says so and keeps what was typed.
  const answer = formAnswerOf(result, 202, submission, { shownStatuses: [413, 429] });
  if (answer.refusal) return answer.refusal;
  return { sent: (answer.body as { data: { reference: string } }).data.reference };
}

export default function PublicSupportForm() {
  const { categories } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && 'result' in result ? result : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  if (result && 'sent' in result) {
    return (
      <main className="cas-support-form" style={{ margin: '2rem auto' }}>
        <h1>Request received</h1>
        <p role="status">
          Your request is {result.sent}. We have emailed you a private link where you can follow it and reply.
        </p>
      </main>
    );
  }
  // What was typed comes back with a refused form.
  const values = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  const errors = form.allErrors;
  const err = (name: string) =>
    errors[name]?.[0] ? (
      <span className="cas-error" id={`${name}-error`}>
        {errors[name][0]}
      </span>
    ) : null;
  const field = (name: string, label: string, type = 'text', required = true) => (
    <label>
      {label}
      {required ? ' (required)' : ''}
      <input name={name} type={type} defaultValue={text(name)} required={required} aria-invalid={errors[name] ? true : undefined} aria-describedby={errors[name] ? `${name}-error` : undefined} />
      {err(name)}
    </label>
  );
  return (
    <main style={{ margin: '2rem auto', maxWidth: '40rem', padding: '0 1rem' }}>
      <h1>Ask the university for help</h1>
      <p>Tell us what you need. We will answer by email and through a private link; no account is needed.</p>
      <FormNotice notice={refused?.notice} />
      <Form method="post" className="cas-support-form">
        {field('requesterName', 'Your name')}
        {field('requesterEmail', 'Email', 'email')}
        {field('requesterNumber', 'Student or employee number', 'text', false)}
        <label>
          What is it about? (required)
          <select name="categoryV2Id" defaultValue={text('categoryV2Id')} required>
            <option value="">Choose…</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
          {err('categoryV2Id')}
        </label>
        <IntakeFields categories={categories} answers={values.customFields} error={err} legend="Details some requests need (fill in those of your request)" />
        {field('subject', 'Subject')}
        <label>
          Your message (required)
          <textarea name="body" rows={6} defaultValue={text('body')} required />
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
