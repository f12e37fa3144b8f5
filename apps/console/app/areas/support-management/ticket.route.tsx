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
import {
  Button,
  DueTime,
  FileDrop,
  FormField,
  KeyValueList,
  NOTICES,
  PersonName,
  RecordPage,
  ReferencePicker,
  Select,
  SidePanelSection,
  StatusPill,
  TextField,
  Thread,
  type ThreadItem,
} from '@campus/ui';
import { formatFileSize, formatShortDuration } from '@campus/formatters';
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
import { SlaBadge, STATE_TONES } from './SlaBadge';
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
    /** The server's clock, so "due in 2 h" reads the same in the server's page and after hydration. */
    now: new Date().toISOString(),
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

/** The part of a name before its last word, and that word: enough for initials and a name beside an avatar. */
function personOf(name: string) {
  const words = name.trim().split(/\s+/);
  return { firstName: words.slice(0, -1).join(' ') || (words[0] ?? ''), lastName: words.length > 1 ? words[words.length - 1]! : '' };
}

const labelOf = (options: readonly { value: string; label: string }[], value: string | null) =>
  value === null ? null : (options.find((o) => o.value === value)?.label ?? value);

/** What an event of the history says on the thread's rail. */
function eventText(e: TicketPage['events'][number]) {
  if (e.type === 'state') {
    const from = labelOf(ticketStateOptions, String(e.data.from));
    return `State changed from ${from} to ${labelOf(ticketStateOptions, String(e.data.to))}`;
  }
  return EVENT_WORDS[e.type] ?? e.type;
}

/** The history's event types in words. */
const EVENT_WORDS: Record<string, string> = {
  created: 'Ticket created',
  'first-response': 'First response sent',
  assigned: 'Assigned',
  changed: 'Priority or category changed',
  'requester-replied': 'The requester replied',
  'merged-into': 'Merged into another ticket',
  'merged-from': 'Another ticket merged into this one',
  rated: 'The requester rated the service',
};

/** One SLA measure, compact: the due time with its zone while it runs, its state word otherwise. */
function MeasureValue({ m, now }: { m: Measure; now: string }) {
  const running = m.dueAt && (m.status === 'ok' || m.status === 'near-breach' || m.status === 'breached');
  return (
    <span className="cas-ticket-measure">
      {running ? <DueTime due={m.dueAt!} now={now} /> : <SlaBadge status={m.status} />}
      {!running || m.targetMinutes === null ? null : (
        <span className="cas-ticket-measure__used">
          {formatShortDuration(m.businessMinutes * 60)} used of {formatShortDuration(m.targetMinutes * 60)} (business hours)
        </span>
      )}
    </span>
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
  const errorOf = (name: string) => errors[name]?.[0];
  const fieldError = (name: string) =>
    errors[name]?.[0] ? (
      <span id={`${name}-error`} className="cas-error">
        {errors[name][0]}
      </span>
    ) : null;
  const nextStates = nextTicketStates(ticket.state);
  const agents = page.agents.map((a) => ({ value: a._id, label: `${a.firstName} ${a.lastName}` }));
  const stateLabel = labelOf(ticketStateOptions, ticket.state);
  const thread: ThreadItem[] = [
    ...page.messages.map(
      (m): ThreadItem => ({
        id: m._id,
        kind: m.kind === 'note' ? 'note' : 'message',
        at: m.at,
        author: personOf(m.authorName),
        role: m.kind === 'requester' ? 'Requester' : 'Agent',
        isOutgoing: m.kind !== 'requester',
        body: (
          <>
            {m.fromTicket ? <p className="cas-ticket-from">from {m.fromTicket}</p> : null}
            <p className="cas-ticket-body">{m.body}</p>
            {m.attachments.length ? (
              <ul className="cas-ticket-files" aria-label="Attached files">
                {m.attachments.map((f) => (
                  <li key={f._id}>
                    <a href={`/app/support-management/attachments/${f._id}`} download={f.filename}>
                      {f.filename}
                    </a>{' '}
                    <span className="cas-ticket-files__size">{formatFileSize(f.size)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ),
      }),
    ),
    ...page.events.map((e, i): ThreadItem => ({ id: `event-${i}`, kind: 'event', at: e.at, body: eventText(e) })),
  ].sort((a, b) => new Date(a.at as string).getTime() - new Date(b.at as string).getTime());

  const side = (
    <>
      <SidePanelSection title="Requester">
        <PersonName {...personOf(ticket.requesterName)} detail={ticket.requesterEmail} />
      </SidePanelSection>
      <SidePanelSection title="SLA">
        <KeyValueList
          items={[
            { label: 'First response', value: <MeasureValue m={clock.firstResponse} now={page.now} /> },
            { label: 'Resolution', value: <MeasureValue m={clock.resolution} now={page.now} /> },
          ]}
        />
      </SidePanelSection>
      <SidePanelSection title="Details">
        <KeyValueList
          items={[
            { label: 'State', value: stateLabel },
            { label: 'Priority', value: labelOf(ticketPriorityOptions, ticket.priority) },
            { label: 'Team', value: page.teamName },
            { label: 'Agent', value: labelOf(agents, ticket.assigneeId) ?? 'Unassigned' },
            { label: 'Category', value: labelOf(page.categories, ticket.categoryV2Id) },
          ]}
        />
      </SidePanelSection>
      <SidePanelSection title="State">
        <Form method="post" className="cas-ticket-side-form cas-ticket-side-form--first">
          <input type="hidden" name="intent" value="state" />
          <Select
            label="Move to"
            name="state"
            defaultValue={nextStates[0]}
            options={nextStates.map((s) => ({ value: s, label: labelOf(ticketStateOptions, s) ?? s }))}
            error={errorOf('state')}
            isDisabled={!nextStates.length}
          />
          <Button type="submit" variant="secondary" isDisabled={!nextStates.length}>
            Change state
          </Button>
        </Form>
      </SidePanelSection>
      <SidePanelSection title="Assignment">
        <Form method="post" className="cas-ticket-side-form cas-ticket-side-form--first">
          <ReferencePicker
            label="Agent"
            name="assigneeId"
            noneLabel="Unassigned"
            defaultValue={ticket.assigneeId ?? ''}
            options={agents}
          />
          {fieldError('assigneeId')}
          <div className="cas-ticket-buttons">
            <Button type="submit" name="intent" value="assign" variant="secondary">
              Assign
            </Button>
            <Button type="submit" name="intent" value="take" variant="secondary">
              Take it
            </Button>
          </div>
        </Form>
        <Form method="post" className="cas-ticket-side-form">
          <input type="hidden" name="intent" value="transfer" />
          <ReferencePicker label="Team" name="teamId" defaultValue={ticket.teamId ?? ''} options={page.teams} isRequired />
          {fieldError('teamId')}
          <Button type="submit" variant="secondary">
            Transfer
          </Button>
        </Form>
      </SidePanelSection>
      <SidePanelSection title="Category and priority">
        <Form method="post" className="cas-ticket-side-form cas-ticket-side-form--first">
          <input type="hidden" name="intent" value="update" />
          <Select
            label="Priority"
            name="priority"
            defaultValue={ticket.priority}
            options={ticketPriorityOptions}
            error={errorOf('priority')}
          />
          <ReferencePicker
            label="Category"
            name="categoryV2Id"
            {...(ticket.categoryV2Id ? {} : { noneLabel: 'Unchanged' })}
            defaultValue={ticket.categoryV2Id ?? ''}
            options={page.categories}
          />
          {fieldError('categoryV2Id')}
          <Button type="submit" variant="secondary">
            Save priority and category
          </Button>
        </Form>
      </SidePanelSection>
      {page.intakeFields.length ? (
        <SidePanelSection title="Request details">
          <KeyValueList
            items={page.intakeFields.map((f) => ({ label: f.label, value: String(ticket.customFields[f.key] ?? '') }))}
          />
        </SidePanelSection>
      ) : null}
      {page.duplicates.length || !ticket.mergedIntoId ? (
        <SidePanelSection title={page.duplicates.length ? 'Possible duplicates' : 'Merge'}>
          {page.duplicates.length ? (
            <ul className="cas-ticket-dups">
              {page.duplicates.map((d) => (
                <li key={d._id}>
                  <Link to={`/app/support-management/tickets/${d._id}`} className="cas-ticket-ref">
                    {d.reference}
                  </Link>{' '}
                  {d.subject}
                </li>
              ))}
            </ul>
          ) : null}
          {ticket.mergedIntoId ? null : (
            <Form method="post" className="cas-ticket-side-form">
              <input type="hidden" name="intent" value="merge" />
              <TextField
                label="Merge into ticket (reference)"
                name="intoReference"
                placeholder={page.duplicates[0]?.reference ?? ''}
                defaultValue={typedText('intoReference')}
                error={errorOf('intoReference')}
              />
              <Button type="submit" variant="secondary">
                Merge
              </Button>
            </Form>
          )}
        </SidePanelSection>
      ) : null}
    </>
  );

  return (
    <div className="cas-ticket-page">
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to="/app/support-management/tickets">Tickets</Link>
      </nav>
      <RecordPage
        title={
          <>
            <span className="cas-ticket-ref">{ticket.reference}</span> · {ticket.subject}
          </>
        }
        pills={
          <>
            <StatusPill tone={STATE_TONES[ticket.state] ?? 'neutral'}>{stateLabel}</StatusPill>
            <SlaBadge status={clock.status} />
          </>
        }
        side={side}
        sideLabel="Ticket details"
      >
        <FormNotice notice={refused?.notice} />
        <section aria-labelledby="thread" className="cas-ticket-conversation">
          <h2 id="thread" className="cas-panel-title">
            Conversation
          </h2>
          <Thread label="Conversation" items={thread} emptyText="No messages yet." />
        </section>
        <section aria-labelledby="reply-title" className="cas-panel cas-ticket-reply">
          <h2 id="reply-title" className="cas-panel-title">
            Reply
          </h2>
          {page.canned.length ? (
            <p className="cas-ticket-canned">
              <span>Canned responses:</span>
              {page.canned.map((c, i) => (
                <Link key={c.title} to={`?canned=${i}#reply`} className="cas-button cas-button--secondary">
                  Use “{c.title}”
                </Link>
              ))}
            </p>
          ) : null}
          <Form method="post" encType="multipart/form-data" className="cas-ticket-reply-form" key={prefill}>
            <FormField label="Message" error={errorOf('body')} isRequired id="reply">
              {(p) => <textarea {...p} name="body" rows={6} defaultValue={prefill} required className="cas-input" />}
            </FormField>
            <FileDrop
              label="Attachments"
              name="attachments"
              isMultiple
              description={`At most ${ATTACHMENT_MAX_COUNT} files of ${formatFileSize(ATTACHMENT_MAX_BYTES)} each.`}
              error={errorOf('attachments')}
            />
            <div className="cas-ticket-buttons">
              <Button type="submit" name="intent" value="reply">
                Send reply
              </Button>
              <Button type="submit" name="intent" value="note" variant="secondary">
                Add internal note
              </Button>
            </div>
          </Form>
        </section>
      </RecordPage>
    </div>
  );
}

export const ErrorBoundary = RouteError;
