import { useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { chatbotContract, DeliveryQuerySchema, type Broadcast, type Delivery } from '@campus/api-contract';
import {
  broadcastAudienceOptions,
  broadcastChannelOptions,
  broadcastStatusOptions,
  BroadcastScheduleSchema,
  DEFAULT_SCHEDULE_TIME_ZONE,
  deliveryStatusOptions,
  EDITABLE_BROADCAST_STATUSES,
  scheduleKindOptions,
  WEEKDAYS,
} from '@campus/domain-chatbot';
import { formatCount } from '@campus/formatters';
import { deliverySegments, ProgressBar } from '@campus/ui';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { redirectWithNotice } from '../../lib/notice.server';
import { assertSameOrigin } from '../../lib/security.server';
import { z } from 'zod';
import { FormNotice } from '../../components/FormNotice';
import { answerOf, checkedBody, formAnswerOf, invalidForm, queryOf, type FormNoticeData } from '../../lib/answers.server';
import { signedIn, type ContractClient } from '../../lib/request.server';
import { BROADCASTS_PATH, deliveryQueryOf, labelOf, when } from './broadcast-labels';
import { CodedSelect } from './CodedSelect';
import '../../features/resources/resources.css';
import './chatbot.css';

const PAGE = 50;

export const meta: MetaFunction<typeof loader> = ({ data: loaded }) => [
  { title: `${loaded?.broadcast.subject ?? 'Broadcast'} · Broadcasts · ${APP_TITLE}` },
  // While it sends, the page follows the progress without JavaScript.
  ...(loaded?.broadcast.status === 'SENDING' ? [{ httpEquiv: 'refresh', content: '3' } as const] : []),
];

/** One broadcast: what it says and to whom, its progress, and every delivery (filtered in the address). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const context = await signedIn(request);
  const api = context.client(chatbotContract);
  const query = deliveryQueryOf(new URL(request.url));
  // A filter the API would refuse shows no deliveries, as its refusal did.
  const checked = queryOf(DeliveryQuerySchema, { ...query, limit: String(PAGE) });
  const [one, list] = await Promise.all([
    api.getChatbotBroadcast({ params: { id: params.id! } }),
    checked.query ? api.listChatbotDeliveries({ params: { id: params.id! }, query: checked.query }) : null,
  ]);
  const broadcast: Broadcast = answerOf(one, 200).data;
  const deliveries: { rows: Delivery[]; count: number } = !list || list.status === 400 ? { rows: [], count: 0 } : answerOf(list, 200);
  return { broadcast, ...deliveries, query, userId: context.user._id ?? null };
}

type ChatbotClient = ContractClient<typeof chatbotContract>;

/** The buttons that act on the broadcast: the API call of each, and what the page says once it is done. */
const ACTIONS = {
  send: { call: (api: ChatbotClient, id: string) => api.sendChatbotBroadcast({ params: { id } }), done: 'The broadcast is on its way.' },
  approve: { call: (api: ChatbotClient, id: string) => api.approveChatbotBroadcast({ params: { id } }), done: 'The broadcast is approved and on its way.' },
  cancel: { call: (api: ChatbotClient, id: string) => api.cancelChatbotBroadcast({ params: { id } }), done: 'The broadcast is cancelled.' },
  retry: { call: (api: ChatbotClient, id: string) => api.retryChatbotBroadcast({ params: { id } }), done: 'The failed deliveries are being sent again.' },
  unschedule: {
    call: (api: ChatbotClient, id: string) => api.unscheduleChatbotBroadcast({ params: { id } }),
    done: 'The schedule is cancelled; the broadcast is a draft again.',
  },
} as const;

/**
 * The schedule form's fields as posted (a field left empty is no value); the contract's `BroadcastScheduleSchema`
 * checks the schedule made from them.
 */
const ScheduleFields = z.object({
  kind: z.string().default(''),
  date: z.string().optional(),
  time: z.string().default(''),
  weekday: z.string().optional(),
  dayOfMonth: z.string().optional(),
  timeZone: z.string().optional(),
});

/** The page's forms, one per intent: schedule or preview its next runs, and each button acting on the broadcast. */
const BroadcastForm = z.discriminatedUnion('intent', [
  ScheduleFields.extend({ intent: z.enum(['schedule', 'schedule-preview']) }),
  z.object({ intent: z.enum(['send', 'approve', 'cancel', 'retry', 'unschedule', 'test']) }),
]);

/** The schedule as the API takes it: the date, weekday or day of the month only for the kind that has one. */
function scheduleOf(form: z.output<typeof ScheduleFields>) {
  return {
    kind: form.kind,
    time: form.time,
    timeZone: form.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE,
    ...(form.kind === 'ONCE' && form.date ? { date: form.date } : {}),
    ...(form.kind === 'WEEKLY' && form.weekday ? { weekday: Number(form.weekday) } : {}),
    ...(form.kind === 'MONTHLY' && form.dayOfMonth ? { dayOfMonth: Number(form.dayOfMonth) } : {}),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract); // the route guard, before the form is read
  const submission = parseWithZod(await request.formData(), { schema: BroadcastForm });
  if (submission.status !== 'success') return invalidForm(submission);
  const form = submission.value;
  const id = params.id ?? '';
  const path = `${BROADCASTS_PATH}/${id}`;
  if (form.intent === 'schedule' || form.intent === 'schedule-preview') {
    const checked = checkedBody(BroadcastScheduleSchema, scheduleOf(form));
    if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors);
    if (form.intent === 'schedule') {
      const scheduled = formAnswerOf(await api.scheduleChatbotBroadcast({ params: { id }, body: checked.body }), 200, submission);
      if (scheduled.refusal) return scheduled.refusal;
      return redirectWithNotice(request, path, { tone: 'success', title: 'The broadcast is scheduled.' });
    }
    const previewed = formAnswerOf(await api.previewChatbotSchedule({ body: checked.body }), 200, submission);
    if (previewed.refusal) return previewed.refusal;
    return { result: submission.reply(), preview: previewed.body.data };
  }
  if (form.intent === 'test') {
    // The API words what it did (to whom the test went).
    const tested = formAnswerOf(await api.testChatbotBroadcast({ params: { id } }), 200, submission);
    if (tested.refusal) return tested.refusal;
    return redirectWithNotice(request, path, { tone: 'success', title: tested.body.data.message });
  }
  const chosen = ACTIONS[form.intent];
  const done = formAnswerOf(await chosen.call(api, id), 200, submission);
  if (done.refusal) return done.refusal;
  return redirectWithNotice(request, path, { tone: 'success', title: chosen.done });
}

function ActionButton({ intent, label, secondary = false }: { intent: keyof typeof ACTIONS | 'test'; label: string; secondary?: boolean }) {
  return (
    <Form method="post">
      <button type="submit" name="intent" value={intent} className={secondary ? 'cas-button cas-button--secondary' : 'cas-button'}>
        {label}
      </button>
    </Form>
  );
}

/** A moment in a named time zone, with the zone shown. */
const inZone = (iso: string, timeZone: string) => `${new Date(iso).toLocaleString('en-PH', { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })} (${timeZone})`;

/** What the schedule form answers: Conform's reply (what was typed, each field's problem) and the next runs previewed. */
interface ScheduleResult {
  readonly result: SubmissionResult<string[]>;
  readonly preview?: { text: string; nextRuns: string[] };
}

/** When the broadcast sends: once or every day, week or month, in an explicit time zone, with the next runs shown. */
function ScheduleSection({ b, answer }: { b: Broadcast; answer: ScheduleResult | undefined }) {
  const [form] = useForm({ lastResult: answer?.result });
  // What was typed comes back over the broadcast's schedule.
  const typed = (answer?.result.initialValue ?? {}) as Record<string, unknown>;
  const values = { ...(b.schedule ?? {}), ...typed } as Record<string, string | number | null | undefined>;
  const zone = String(values.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE);
  const err = (name: string) =>
    form.allErrors[name]?.[0] ? (
      <span id={`${name}-error`} className="cas-error">
        {form.allErrors[name][0]}
      </span>
    ) : null;
  return (
    <section className="cas-chatbot-panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Scheduled broadcast</h2>
      {b.scheduleText && b.nextRuns.length ? (
        <>
          <p>{b.scheduleText}</p>
          <p>Next runs:</p>
          <ul aria-label="Next runs">
            {b.nextRuns.map((r) => (
              <li key={r}>{inZone(r, b.schedule?.timeZone ?? DEFAULT_SCHEDULE_TIME_ZONE)}</li>
            ))}
          </ul>
          <ActionButton intent="unschedule" label="Cancel schedule" secondary />
        </>
      ) : (
        <p>Not scheduled: it sends when you press Send.</p>
      )}
      <Form method="post" className="cas-chatbot-actions">
        <label>
          Send (required)
          <select name="kind" defaultValue={String(values.kind ?? 'ONCE')}>
            {scheduleKindOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Date (once)
          <input type="date" name="date" defaultValue={String(values.date ?? '')} />
          {err('date')}
        </label>
        <label>
          Day of the week (weekly)
          <select name="weekday" defaultValue={values.weekday == null ? '' : String(values.weekday)}>
            <option value="">—</option>
            {WEEKDAYS.map((d, i) => (
              <option key={d} value={i}>
                {d}
              </option>
            ))}
          </select>
          {err('weekday')}
        </label>
        <label>
          Day of the month (monthly)
          <input type="number" name="dayOfMonth" min={1} max={28} defaultValue={values.dayOfMonth == null ? '' : String(values.dayOfMonth)} />
          {err('dayOfMonth')}
        </label>
        <label>
          Time (required)
          <input type="time" name="time" required defaultValue={String(values.time ?? '08:00')} />
          {err('time')}
        </label>
        <label>
          Time zone (required)
          <input name="timeZone" required defaultValue={zone} />
          {err('timeZone')}
        </label>
        <button type="submit" name="intent" value="schedule-preview" className="cas-button cas-button--secondary">
          Preview next runs
        </button>
        <button type="submit" name="intent" value="schedule" className="cas-button">
          Schedule
        </button>
      </Form>
      {answer?.preview ? (
        <div role="status">
          <p>{answer.preview.text}</p>
          <ul aria-label="Next runs of this schedule">
            {answer.preview.nextRuns.map((r) => (
              <li key={r}>{inZone(r, zone)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export default function BroadcastDetailRoute() {
  const { broadcast: b, rows, count, query, userId } = useLoaderData<typeof loader>();
  const answer: (ScheduleResult & { notice?: FormNoticeData }) | undefined = useActionData<typeof action>();
  const page = Number(query.page ?? 1);
  const exportQuery = new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'page')).toString();
  const link = (p: number) => `?${new URLSearchParams({ ...query, page: String(p) })}`;
  const editable = (EDITABLE_BROADCAST_STATUSES as readonly string[]).includes(b.status);
  return (
    <>
      <h1 className="cas-page-title">{b.subject}</h1>
      <p>
        <Link to={BROADCASTS_PATH}>All broadcasts</Link>
      </p>
      <FormNotice notice={answer?.notice} />
      <section className="cas-chatbot-panel" aria-labelledby="about-title">
        <h2 id="about-title">Broadcast</h2>
        <dl>
          <dt>Status</dt>
          <dd>{labelOf(broadcastStatusOptions, b.status)}</dd>
          <dt>Audience</dt>
          <dd>
            {labelOf(broadcastAudienceOptions, b.audience)}
            {b.ids.length ? ` (${b.ids.length} chosen)` : ''}
          </dd>
          <dt>Channels</dt>
          <dd>{b.channels.map((c) => labelOf(broadcastChannelOptions, c)).join(', ')}</dd>
          <dt>Persona</dt>
          <dd>{b.persona ?? 'The default persona'}</dd>
          <dt>Written</dt>
          <dd>
            {when(b.createdAt)}
            {b.createdBy ? ` by ${b.createdBy}` : ''}
          </dd>
          {b.approvedBy ? (
            <>
              <dt>Approved</dt>
              <dd>
                {when(b.approvedAt)} by {b.approvedBy}
              </dd>
            </>
          ) : null}
          <dt>Message</dt>
          <dd>
            <blockquote className="cas-chatbot-preview">{b.message}</blockquote>
          </dd>
        </dl>
        <div className="cas-chatbot-actions">
          {b.status === 'DRAFT' || b.status === 'APPROVED' ? <ActionButton intent="send" label="Send" /> : null}
          {b.status === 'AWAITING_APPROVAL' && b.createdById !== userId ? <ActionButton intent="approve" label="Approve and send" /> : null}
          {b.status === 'AWAITING_APPROVAL' && b.createdById === userId ? <p>Another administrator must approve this broadcast.</p> : null}
          {editable ? (
            <Link to={`/app/chatbot-management/broadcast?edit=${b._id}`} className="cas-button cas-button--secondary">
              Edit
            </Link>
          ) : null}
          {b.status !== 'SENT' && b.status !== 'CANCELLED' ? <ActionButton intent="test" label="Send a test to yourself" secondary /> : null}
          {b.status === 'SENT' && b.counts.failed > 0 ? <ActionButton intent="retry" label="Retry failed only" /> : null}
          {b.status !== 'SENT' && b.status !== 'CANCELLED' ? <ActionButton intent="cancel" label="Cancel broadcast" secondary /> : null}
        </div>
      </section>
      {editable ? <ScheduleSection b={b} answer={answer} /> : null}
      <section className="cas-chatbot-panel" aria-labelledby="progress-title">
        <h2 id="progress-title">Progress</h2>
        {b.counts.total > 0 ? (
          <ProgressBar label="Deliveries done" total={b.counts.total} segments={deliverySegments(b.counts)} />
        ) : (
          <p>Nothing is sent yet: the recipients are resolved from the live records when it sends.</p>
        )}
        {b.counts.queued > 0 ? <p>{formatCount(b.counts.queued)} still queued.</p> : null}
      </section>
      <h2>Deliveries</h2>
      <Form method="get" className="cas-chatbot-panel" aria-label="Filter deliveries">
        <label>
          Recipient
          <input name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} />
        </label>
        <CodedSelect label="Status" name="status" options={deliveryStatusOptions} value={query.status ?? ''} />
        <CodedSelect label="Channel" name="channel" options={broadcastChannelOptions} value={query.channel ?? ''} />
        <button type="submit" className="cas-button cas-button--secondary">
          Filter
        </button>
        <a className="cas-button cas-button--secondary" href={`${b._id}/deliveries.csv${exportQuery ? `?${exportQuery}` : ''}`} download>
          Export CSV
        </a>
      </Form>
      <p role="status">
        {count} {count === 1 ? 'delivery' : 'deliveries'}
      </p>
      <table className="cas-table">
        <thead>
          <tr>
            <th scope="col">Recipient</th>
            <th scope="col">Email</th>
            <th scope="col">Channel</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
            <th scope="col">Sent</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr key={d._id} data-status={d.status}>
              <td>{d.name}</td>
              <td>{d.email ?? '—'}</td>
              <td>{labelOf(broadcastChannelOptions, d.channel)}</td>
              <td>{labelOf(deliveryStatusOptions, d.status)}</td>
              <td>{d.reason ?? ''}</td>
              <td>{when(d.sentAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages" className="cas-tabs">
        {page > 1 ? <Link to={link(page - 1)}>Previous page</Link> : null}
        {page * PAGE < count ? <Link to={link(page + 1)}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
