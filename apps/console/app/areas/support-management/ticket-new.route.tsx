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
import { CategoryChoice } from './CategoryChoice';
import { IntakeFieldInputs } from './IntakeFieldInputs';
import { Button, FileDrop, FormField, Select, TextField, useIsHydrated } from '@campus/ui';
import { useEffect, useState } from 'react';
import { leafCategories, ticketFormBody, ticketFormSchema, type TreeNode } from './ticket-files.server';
import { signedIn } from '../../lib/request.server';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import '../../features/resources/resources.css';
import './support.css';

export const meta: MetaFunction = () => [{ title: `New ticket · ${APP_TITLE}` }];

/**
 * An agent files a ticket for a requester (a call, a walk-in): the categories come from the tree, and the category
 * comes first (`?category=` once chosen without JavaScript), so the form asks only for its intake fields.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(supportContract);
  const tree: { data: { nodes: TreeNode[] } } = answerOf(await api.getCategoryTree(), 200);
  const categories = leafCategories(tree.data.nodes);
  const asked = new URL(request.url).searchParams.get('category') ?? '';
  return { categories, category: categories.some((c) => c.value === asked) ? asked : '' };
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

export default function NewTicketRoute() {
  const { categories, category } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [form] = useForm({ lastResult: refused?.result });
  // What was typed comes back with a refused form; the files have to be chosen again.
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
  const chosen = categories.find((c) => c.value === chosenId);
  // The API names a refused file by its place (`attachments[1]`): its message goes with the file input.
  const errors: Record<string, string[]> = { ...form.allErrors, attachments: attachmentErrorsOf(form.allErrors) };
  const errorOf = (name: string) => errors[name]?.[0];
  const field = (name: string, label: string, type = 'text', required = true) => (
    <TextField label={label} name={name} type={type} defaultValue={text(name)} isRequired={required} error={errorOf(name)} />
  );
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to="/app/support-management/tickets">Tickets</Link>
      </nav>
      <h1 className="cas-page-title">New ticket</h1>
      <FormNotice notice={refused?.notice} />
      <CategoryChoice
        formLabel="Choose the ticket's category"
        label="Category"
        placeholder="Choose a category"
        value={chosenId}
        onChange={setChosenId}
        options={categories.map((c) => ({ value: c.value, label: c.label }))}
        error={errorOf('categoryV2Id')}
      />
      {chosen ? (
        <Form method="post" encType="multipart/form-data" className="cas-panel cas-support-form" aria-label="The ticket" noValidate>
          <input type="hidden" name="categoryV2Id" value={chosen.value} />
          {field('requesterName', 'Requester name')}
          {field('requesterEmail', 'Requester email', 'email')}
          {field('requesterNumber', 'Student or employee number', 'text', false)}
          <Select label="Priority" name="priority" placeholder="The category’s default" defaultValue={text('priority')} options={ticketPriorityOptions} />
          <IntakeFieldInputs
            key={chosen.value}
            fields={chosen.intakeFields}
            answers={values.customFields}
            errorOf={errorOf}
            legend={`Details of a ${chosen.label} request`}
          />
          {field('subject', 'Subject')}
          <FormField label="Message" error={errorOf('body')} isRequired>
            {(p) => <textarea {...p} name="body" rows={6} defaultValue={text('body')} className="cas-input" />}
          </FormField>
          <FileDrop
            label={`Attachments (at most ${ATTACHMENT_MAX_COUNT} files of ${ATTACHMENT_MAX_BYTES / 1024} KiB)`}
            name="attachments"
            id="attachments"
            isMultiple
            error={errorOf('attachments')}
          />
          <div>
            <Button type="submit">Create ticket</Button>
          </div>
        </Form>
      ) : (
        <p className="cas-support-hint">Choose the ticket's category{isHydrated ? '' : ', then Continue'}: the form asks only for what that category needs.</p>
      )}
    </>
  );
}

export const ErrorBoundary = RouteError;
