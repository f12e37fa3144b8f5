import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_COUNT,
  AssignSchema,
  ChangeStateSchema,
  MergeSchema,
  ReplySchema,
  supportContract,
  UpdateTicketSchema,
} from '@campus/api-contract';
import { NOTICES, ReferencePicker } from '@campus/ui';
import { z } from 'zod';
import {
  nextTicketStates,
  ticketPriorityOptions,
  ticketStateOptions,
  type TicketState,
} from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { FormNotice } from '../../components/FormNotice';
import { attachmentErrorsOf } from './attachment-errors';
import { SlaBadge } from './SlaBadge';
import { AttachmentsSchema, leafCategories, ticketFormBody, type TreeNode } from './ticket-files.server';
import { answerOf, formAnswerOf, invalidForm } from '../../lib/answers.server';
import { signedIn, type ContractClient } from '../../lib/request.server';
import '../../features/resources/resources.css';
import './support.css';

interface Measure {
  targetMinutes: number | null;
  businessMinutes: number;
  wallMinutes: number;
  dueAt: string | null;
  status: string;
}
interface TicketPage {
  ticket: Record<string, unknown> & {
    _id: string;
    reference: string;
    subject: string;
    state: TicketState;
    priority: string;
    categoryV2Id: string | null;
    teamId: string | null;
    mergedIntoId: string | null;
    requesterName: string;
    requesterEmail: string;
    slaStatus: string;
    assigneeId: string | null;
    customFields: Record<string, unknown>;
  };
  clock: { status: string; firstResponse: Measure; resolution: Measure };
  messages: {
    _id: string;
    kind: string;
    authorName: string;
    body: string;
    at: string;
    fromTicket: string | null;
    attachments: { _id: string; filename: string; size: number }[];
  }[];
  events: { type: string; at: string; data: Record<string, unknown> }[];
  agents: { _id: string; firstName: string; lastName: string }[];
  teamName: string | null;
  canned: { title: string; body: string }[];
  duplicates: { _id: string; reference: string; subject: string }[];
  intakeFields: { key: string; label: string }[];
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.ticket.reference} · ${APP_TITLE}` : APP_TITLE },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await signedIn(request);
  const api = context.client(supportContract);
  const [ticket, tree, teams] = await Promise.all([
    api.getTicket({ params: { id: params.id ?? '' } }),
    api.getCategoryTree(),
    context.api.resource('support-teams').list({ limit: 100 }),
  ]);
  const page: TicketPage = answerOf(ticket, 200).data;
  const nodes = tree.status === 200 ? (tree.body as { data: { nodes: TreeNode[] } }).data.nodes : [];
  const teamRows = teams.status === 200 ? (teams.body.rows as { _id: string; name?: unknown }[]) : [];
  return {
    ...page,
    categories: leafCategories(nodes).map(({ value, label }) => ({ value, label })),
    teams: teamRows.map((t) => ({ value: t._id, label: String(t.name ?? '') })),
  };
}

/** The forms of the page, one per intent: reply or note (with files), state, assign or take, priority and category, transfer, merge. */
const TicketForm = z.discriminatedUnion('intent', [
  ReplySchema.omit({ kind: true }).extend({ intent: z.enum(['reply', 'note']), attachments: AttachmentsSchema }),
  ChangeStateSchema.extend({ intent: z.literal('state') }),
  AssignSchema.pick({ assigneeId: true }).extend({ intent: z.literal('assign') }),
  z.object({ intent: z.literal('take') }),
  UpdateTicketSchema.extend({ intent: z.literal('update') }),
  AssignSchema.pick({ teamId: true }).extend({ intent: z.literal('transfer') }),
  MergeSchema.innerType().pick({ intoReference: true }).extend({ intent: z.literal('merge') }),
]);

/** Reply or note, state change, take or assign: one named intent each, so the page works without JavaScript. */
export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(supportContract);
  const id = params.id ?? '';
  const submission = parseWithZod(await request.formData(), { schema: TicketForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const created = form.intent === 'reply' || form.intent === 'note';
  const answer = formAnswerOf(await send(api, id, form), created ? 201 : 200, submission, { shownStatuses: [413] });
  if (answer.refusal) return answer.refusal;
  if (form.intent === 'merge') {
    const into = (answer.body as { data: { _id: string } }).data._id;
    throw await redirectWithNotice(request, `/app/support-management/tickets/${into}`, {
      tone: 'success',
      title: 'Success!',
      description: 'Tickets merged: both threads are kept here.',
    });
  }
  throw await redirectWithNotice(request, `/app/support-management/tickets/${id}`, NOTICES.updated);
}

/** The API call of a form (a new message answers 201, the others 200). */
async function send(api: ContractClient<typeof supportContract>, id: string, form: z.output<typeof TicketForm>) {
  const params = { id };
  switch (form.intent) {
    case 'reply':
    case 'note':
      return api.replyToTicket({ params, body: ticketFormBody({ kind: form.intent, body: form.body }, form.attachments) });
    case 'state':
      return api.changeTicketState({ params, body: { state: form.state } });
    case 'assign':
      return api.assignTicket({ params, body: { assigneeId: form.assigneeId } });
    case 'take':
      return api.assignTicket({ params, body: { assigneeId: null, take: true } });
    case 'update':
      return api.updateTicket({ params, body: { priority: form.priority, categoryV2Id: form.categoryV2Id } });
    case 'transfer':
      return api.assignTicket({ params, body: { assigneeId: null, teamId: form.teamId } });
    case 'merge':
      return api.mergeTicket({ params, body: { intoReference: form.intoReference } });
  }
}

const minutes = (m: number) => `${Math.floor(m / 60)}h ${Math.round(m % 60)}m`;
const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-PH', { timeZone: 'Asia/Manila' }) : '—';

function MeasureRow({ label, m }: { label: string; m: Measure }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{m.targetMinutes === null ? '—' : minutes(m.targetMinutes)}</td>
      <td>{minutes(m.businessMinutes)}</td>
      <td>{minutes(m.wallMinutes)}</td>
      <td>{when(m.dueAt)}</td>
      <td>
        <SlaBadge status={m.status} />
      </td>
    </tr>
  );
}

export default function TicketRoute() {
  const page = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [form] = useForm({ lastResult: refused?.result });
  const [search] = useSearchParams();
  const { ticket, clock } = page;
  // What was typed in a refused form comes back; the files have to be chosen again.
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const typedText = (name: string) => (typeof typed[name] === 'string' ? String(typed[name]) : undefined);
  const cannedIndex = search.get('canned');
  const prefill = typedText('body') ?? (cannedIndex !== null ? (page.canned[Number(cannedIndex)]?.body ?? '') : '');
  const errors: Record<string, string[] | undefined> = { ...form.allErrors, attachments: attachmentErrorsOf(form.allErrors) };
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <span id={`${name}-error`} className="cas-error">
        {errors[name][0]}
      </span>
    ) : null;
  const described = (name: string) => (errors[name]?.[0] ? { 'aria-invalid': true, 'aria-describedby': `${name}-error` } : {});
  return (
    <div className="cas-ticket-page">
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to="/app/support-management/tickets">Tickets</Link>
      </nav>
      <h1 className="cas-page-title">
        {ticket.reference} · {ticket.subject}
      </h1>
      <p>
        <SlaBadge status={clock.status} /> State: <strong>{ticket.state}</strong> · Priority:{' '}
        {ticket.priority} · Team: {page.teamName ?? '—'} · Requester: {ticket.requesterName} (
        {ticket.requesterEmail})
      </p>
      <FormNotice notice={refused?.notice} />
      {page.duplicates.length ? (
        <section className="cas-panel" aria-labelledby="dups">
          <h2 id="dups">Possible duplicates</h2>
          <ul>
            {page.duplicates.map((d) => (
              <li key={d._id}>
                <Link to={`/app/support-management/tickets/${d._id}`}>{d.reference}</Link> {d.subject}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="cas-panel" aria-labelledby="sla">
        <h2 id="sla">SLA</h2>
        <table className="cas-table">
          <thead>
            <tr>
              <th scope="col">Target</th>
              <th scope="col">Allowed (business hours)</th>
              <th scope="col">Used (business hours)</th>
              <th scope="col">Used (wall clock)</th>
              <th scope="col">Due</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            <MeasureRow label="First response" m={clock.firstResponse} />
            <MeasureRow label="Resolution" m={clock.resolution} />
          </tbody>
        </table>
      </section>
      {page.intakeFields.length ? (
        <section className="cas-panel" aria-labelledby="intake">
          <h2 id="intake">Request details</h2>
          <dl className="cas-details">
            {page.intakeFields.map((f) => (
              <div key={f.key}>
                <dt>{f.label}</dt>
                <dd>{String(ticket.customFields[f.key] ?? '—')}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <section className="cas-panel" aria-labelledby="actions">
        <h2 id="actions">Status and assignment</h2>
        <Form method="post" className="cas-ticket-filters">
          <input type="hidden" name="intent" value="state" />
          <label>
            Move to
            <select name="state" defaultValue={nextTicketStates(ticket.state)[0]} {...described('state')}>
              {nextTicketStates(ticket.state).map((s) => (
                <option key={s} value={s}>
                  {ticketStateOptions.find((o) => o.value === s)?.label ?? s}
                </option>
              ))}
            </select>
            {fieldError('state')}
          </label>
          <button type="submit" className="cas-button" disabled={!nextTicketStates(ticket.state).length}>
            Change state
          </button>
        </Form>
        <Form method="post" className="cas-ticket-filters">
          <ReferencePicker
            label="Agent"
            name="assigneeId"
            noneLabel="Unassigned"
            defaultValue={ticket.assigneeId ?? ''}
            options={page.agents.map((a) => ({ value: a._id, label: `${a.firstName} ${a.lastName}` }))}
          />
          {fieldError('assigneeId')}
          <button type="submit" name="intent" value="assign" className="cas-button cas-button--secondary">
            Assign
          </button>
          <button type="submit" name="intent" value="take" className="cas-button cas-button--secondary">
            Take it
          </button>
        </Form>
        <Form method="post" className="cas-ticket-filters">
          <input type="hidden" name="intent" value="update" />
          <label>
            Priority
            <select name="priority" defaultValue={ticket.priority} {...described('priority')}>
              {ticketPriorityOptions.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
            {fieldError('priority')}
          </label>
          <ReferencePicker
            label="Category"
            name="categoryV2Id"
            {...(ticket.categoryV2Id ? {} : { noneLabel: 'Unchanged' })}
            defaultValue={ticket.categoryV2Id ?? ''}
            options={page.categories}
          />
          {fieldError('categoryV2Id')}
          <button type="submit" className="cas-button cas-button--secondary">
            Save priority and category
          </button>
        </Form>
        <Form method="post" className="cas-ticket-filters">
          <input type="hidden" name="intent" value="transfer" />
          <ReferencePicker
            label="Team"
            name="teamId"
            defaultValue={ticket.teamId ?? ''}
            options={page.teams}
            isRequired
          />
          {fieldError('teamId')}
          <button type="submit" className="cas-button cas-button--secondary">
            Transfer
          </button>
        </Form>
        {ticket.mergedIntoId ? null : (
          <Form method="post" className="cas-ticket-filters">
            <input type="hidden" name="intent" value="merge" />
            <label>
              Merge into ticket (reference)
              <input
                name="intoReference"
                placeholder={page.duplicates[0]?.reference ?? ''}
                defaultValue={typedText('intoReference')}
                {...described('intoReference')}
              />
              {fieldError('intoReference')}
            </label>
            <button type="submit" className="cas-button cas-button--secondary">
              Merge
            </button>
          </Form>
        )}
      </section>
      <section className="cas-panel" aria-labelledby="thread">
        <h2 id="thread">Thread</h2>
        <ol className="cas-thread">
          {page.messages.map((m) => (
            <li key={m._id} data-kind={m.kind}>
              <strong>
                {m.kind === 'note'
                  ? `Internal note · ${m.authorName}`
                  : m.kind === 'reply'
                    ? `Reply · ${m.authorName}`
                    : m.authorName}
              </strong>{' '}
              · {when(m.at)}
              {m.fromTicket ? ` · from ${m.fromTicket}` : ''}
              <pre>{m.body}</pre>
              {m.attachments.map((f) => (
                <span key={f._id}>
                  <a href={`/app/support-management/attachments/${f._id}`} download={f.filename}>
                    {f.filename}
                  </a>{' '}
                  ({Math.ceil(f.size / 1024)} KiB){' '}
                </span>
              ))}
            </li>
          ))}
        </ol>
        {page.canned.length ? (
          <p>
            Canned responses:{' '}
            {page.canned.map((c, i) => (
              <Link key={c.title} to={`?canned=${i}#reply`} className="cas-button cas-button--secondary">
                Use “{c.title}”
              </Link>
            ))}
          </p>
        ) : null}
        <Form method="post" encType="multipart/form-data" className="cas-support-form" key={prefill}>
          <label id="reply">
            Message
            <textarea name="body" rows={6} defaultValue={prefill} required {...described('body')} />
            {fieldError('body')}
          </label>
          <label>
            Attachments (at most {ATTACHMENT_MAX_COUNT} files of {ATTACHMENT_MAX_BYTES / 1024} KiB)
            <input name="attachments" type="file" multiple {...described('attachments')} />
            {fieldError('attachments')}
          </label>
          <p>
            <button type="submit" name="intent" value="reply" className="cas-button">
              Send reply
            </button>{' '}
            <button type="submit" name="intent" value="note" className="cas-button cas-button--secondary">
              Add internal note
            </button>
          </p>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="history">
        <h2 id="history">History</h2>
        <ul>
          {page.events.map((e, i) => (
            <li key={i}>
              {when(e.at)} — {e.type}
              {e.type === 'state' ? `: ${String(e.data.from)} → ${String(e.data.to)}` : ''}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = RouteError;
