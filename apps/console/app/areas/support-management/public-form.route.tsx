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
import { CategoryChoice } from './CategoryChoice';
import { IntakeFieldInputs } from './IntakeFieldInputs';
import { Button, FormField, SiteBanner, TextField, useIsHydrated } from '@campus/ui';
import { useEffect, useState } from 'react';
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

/**
 * The public help form: no sign-in, a plain HTML form; the answer is followed through a link sent by email. The
 * category comes first (`?category=` once chosen without JavaScript), so the form asks only for its intake fields.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const result = await publicContractClient(context, supportContract).getPublicForm();
  const categories = result.status === 200 ? (result.body as { data: { categories: PublicCategory[] } }).data.categories : [];
  const asked = new URL(request.url).searchParams.get('category') ?? '';
  return { categories, category: categories.some((c) => c._id === asked) ? asked : '' };
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
  const { categories, category } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const refused = result && 'result' in result ? result : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  // What was typed comes back with a refused form.
  const values = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : '';
  };
  // The category of a refused form, else the one in the address; the select changes it once JavaScript runs.
  const asked = text('categoryV2Id') || category;
  const [chosenId, setChosenId] = useState(asked);
  useEffect(() => setChosenId(asked), [asked, refused]);
  const isHydrated = useIsHydrated();
  if (result && 'sent' in result) {
    return (
      <>
        <SiteBanner title={APP_TITLE} />
        <main className="cas-support-public">
          <h1 className="cas-page-title">Request received</h1>
          <p role="status" className="cas-panel">
            Your request is <span className="cas-ticket-ref">{result.sent}</span>. We have emailed you a private link where you can follow it and reply.
          </p>
        </main>
      </>
    );
  }
  const errors = form.allErrors;
  const errorOf = (name: string) => errors[name]?.[0];
  const chosen = categories.find((c) => c._id === chosenId);
  const field = (name: string, label: string, type = 'text', required = true) => (
    <TextField label={label} name={name} type={type} defaultValue={text(name)} isRequired={required} error={errorOf(name)} />
  );
  return (
    <>
      <SiteBanner title={APP_TITLE} />
      <main className="cas-support-public">
        <h1 className="cas-page-title">Ask the university for help</h1>
        <p>Tell us what you need. We will answer by email and through a private link; no account is needed.</p>
        <FormNotice notice={refused?.notice} />
        <CategoryChoice
          formLabel="Choose what your request is about"
          label="What is it about?"
          placeholder="Choose…"
          value={chosenId}
          onChange={setChosenId}
          options={categories.map((c) => ({ value: c._id, label: c.name }))}
          error={errorOf('categoryV2Id')}
        />
        {chosen ? (
          <Form method="post" className="cas-panel cas-support-form" aria-label="Your request">
            <input type="hidden" name="categoryV2Id" value={chosen._id} />
            {field('requesterName', 'Your name')}
            {field('requesterEmail', 'Email', 'email')}
            {field('requesterNumber', 'Student or employee number', 'text', false)}
            <IntakeFieldInputs
              key={chosen._id}
              fields={chosen.intakeFields}
              answers={values.customFields}
              errorOf={errorOf}
              legend={`Details of your ${chosen.name} request`}
            />
            {field('subject', 'Subject')}
            <FormField label="Your message" error={errorOf('body')} isRequired>
              {(p) => <textarea {...p} name="body" rows={6} defaultValue={text('body')} className="cas-input" />}
            </FormField>
            <div>
              <Button type="submit">Send request</Button>
            </div>
          </Form>
        ) : (
          <p className="cas-support-hint">Choose what your request is about{isHydrated ? '' : ', then Continue'}: the form asks only for what that request needs.</p>
        )}
      </main>
    </>
  );
}

export const ErrorBoundary = RouteError;
