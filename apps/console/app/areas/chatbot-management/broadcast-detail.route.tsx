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
import { Button, ConfirmPage, ConfirmSubmit, DateField, deliverySegments, FormField, isConfirmed, ProgressBar, RowTable, Select, TextField } from '@campus/ui';
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

/** The buttons that ask first, and what they ask, with the number of deliveries they act on. */
const QUESTIONS = {
  retry: (count: number) => ({
    title: `Send the ${formatCount(count)} failed ${count === 1 ? 'delivery' : 'deliveries'} again?`,
    description: 'Only the deliveries that failed are sent again; those already sent or skipped are left alone.',
    confirmLabel: 'Retry failed only',
    cancelLabel: 'Cancel',
  }),
  cancel: (count: number) => ({
    title: 'Cancel this broadcast?',
    description:
      count > 0
        ? `The ${formatCount(count)} ${count === 1 ? 'delivery' : 'deliveries'} still queued are not sent. It cannot be started again.`
        : 'It will not be sent. It cannot be started again.',
    confirmLabel: 'Cancel broadcast',
    cancelLabel: 'Keep it',
  }),
} as const;

/** A retry or cancel posted without `confirmed=yes` (no JavaScript): the question the page then asks instead. */
interface BroadcastConfirmation {
  readonly intent: keyof typeof QUESTIONS;
  readonly count: number;
  readonly fields: (readonly [string, string])[];
}

export async function action({ request, params }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const api = (await signedIn(request)).client(chatbotContract); // the route guard, before the form is read
  const posted = await request.formData();
  const asked = posted.get('intent');
  if ((asked === 'retry' || asked === 'cancel') && !isConfirmed(posted)) {
    const count = Number(posted.get('count'));
    const confirm: BroadcastConfirmation = {
      intent: asked,
      count: Number.isInteger(count) && count >= 0 ? count : 0,
      fields: [...posted.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'),
    };
    return { confirm };
  }
  const submission = parseWithZod(posted, { schema: BroadcastForm });
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
      <Button type="submit" name="intent" value={intent} variant={secondary ? 'secondary' : 'primary'}>
        {label}
      </Button>
    </Form>
  );
}

/** A button that asks first (a dialog, or without JavaScript the same question as a page), with the count it acts on. */
function AskingButton({ intent, count, label }: { intent: keyof typeof QUESTIONS; count: number; label: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="count" value={String(count)} />
      <ConfirmSubmit name="intent" value={intent} variant={intent === 'cancel' ? 'danger' : 'primary'} {...QUESTIONS[intent](count)}>
        {label}
      </ConfirmSubmit>
    </Form>
  );
}

/** A moment in a named time zone, with the zone shown (`Tue, Dec 1, 08:00 PHT`). */
const inZone = (iso: string, timeZone: string) => when(iso, timeZone);

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
  const err = (name: string) => form.allErrors[name]?.[0];
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
      <Form method="post" className="cas-chatbot-schedule" aria-label="Schedule">
        <Select label="Send" name="kind" isRequired defaultValue={String(values.kind ?? 'ONCE')} options={scheduleKindOptions} />
        <DateField label="Date (once)" name="date" defaultValue={String(values.date ?? '')} error={err('date')} />
        <Select
          label="Day of the week (weekly)"
          name="weekday"
          placeholder="—"
          defaultValue={values.weekday == null ? '' : String(values.weekday)}
          options={WEEKDAYS.map((d, i) => ({ value: String(i), label: d }))}
          error={err('weekday')}
        />
        <FormField label="Day of the month (monthly)" error={err('dayOfMonth')}>
          {(p) => (
            <input {...p} type="number" className="cas-input" name="dayOfMonth" min={1} max={28} defaultValue={values.dayOfMonth == null ? '' : String(values.dayOfMonth)} />
          )}
        </FormField>
        <FormField label="Time" isRequired error={err('time')}>
          {(p) => <input {...p} type="time" className="cas-input" name="time" required defaultValue={String(values.time ?? '08:00')} />}
        </FormField>
        <TextField label="Time zone" name="timeZone" isRequired defaultValue={zone} error={err('timeZone')} />
        <div className="cas-chatbot-actions">
          <Button type="submit" name="intent" value="schedule-preview" variant="secondary">
            Preview next runs
          </Button>
          <Button type="submit" name="intent" value="schedule">
            Schedule
          </Button>
        </div>
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
  const answered = useActionData<typeof action>();
  const page = Number(query.page ?? 1);
  const exportQuery = new URLSearchParams(Object.entries(query).filter(([k]) => k !== 'page')).toString();
  const link = (p: number) => `?${new URLSearchParams({ ...query, page: String(p) })}`;
  const editable = (EDITABLE_BROADCAST_STATUSES as readonly string[]).includes(b.status);
  // A retry or cancel posted without JavaScript: its question as a page.
  const confirmation: BroadcastConfirmation | undefined = answered && 'confirm' in answered ? (answered.confirm as BroadcastConfirmation) : undefined;
  if (confirmation) {
    const { intent, count, fields } = confirmation;
    return <ConfirmPage {...QUESTIONS[intent](count)} variant={intent === 'cancel' ? 'danger' : 'primary'} fields={fields} cancelHref={`${BROADCASTS_PATH}/${b._id}`} />;
  }
  const answer: (ScheduleResult & { notice?: FormNoticeData }) | undefined = answered && !('confirm' in answered) ? answered : undefined;
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
          {b.status === 'SENT' && b.counts.failed > 0 ? <AskingButton intent="retry" count={b.counts.failed} label={`Retry failed only (${formatCount(b.counts.failed)})`} /> : null}
          {b.status !== 'SENT' && b.status !== 'CANCELLED' ? <AskingButton intent="cancel" count={b.counts.queued} label="Cancel broadcast" /> : null}
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
      <Form method="get" className="cas-chatbot-panel cas-chatbot-filters" aria-label="Filter deliveries">
        <TextField label="Recipient" name="q" type="search" defaultValue={query.q ?? ''} maxLength={200} />
        <CodedSelect label="Status" name="status" options={deliveryStatusOptions} value={query.status ?? ''} />
        <CodedSelect label="Channel" name="channel" options={broadcastChannelOptions} value={query.channel ?? ''} />
        <Button type="submit" variant="secondary">
          Filter
        </Button>
        <a className="cas-button cas-button--secondary" href={`${b._id}/deliveries.csv${exportQuery ? `?${exportQuery}` : ''}`} download>
          Export CSV
        </a>
      </Form>
      <p role="status">
        {count} {count === 1 ? 'delivery' : 'deliveries'}
      </p>
      <RowTable
        caption="Deliveries"
        isCaptionHidden
        rows={rows}
        rowKey={(d) => d._id}
        emptyMessage="No deliveries."
        columns={[
          { key: 'name', header: 'Recipient', cell: (d) => d.name },
          { key: 'email', header: 'Email', cell: (d) => <span className="cas-chatbot-address">{d.email ?? '—'}</span> },
          { key: 'channel', header: 'Channel', cell: (d) => labelOf(broadcastChannelOptions, d.channel) },
          { key: 'status', header: 'Status', cell: (d) => labelOf(deliveryStatusOptions, d.status) },
          { key: 'reason', header: 'Reason', cell: (d) => d.reason ?? '' },
          { key: 'sent', header: 'Sent', noWrap: true, cell: (d) => when(d.sentAt) },
        ]}
      />
      <nav aria-label="Pages" className="cas-tabs">
        {page > 1 ? <Link to={link(page - 1)}>Previous page</Link> : null}
        {page * PAGE < count ? <Link to={link(page + 1)}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
