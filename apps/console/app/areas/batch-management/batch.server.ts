import { parseWithZod } from '@conform-to/zod';
import { data } from '@remix-run/node';
import type { ApiClient, Batch, Job, JobLogLine, JobQueue, JobSchedule } from '@campus/api-contract';
import { ScheduleInputSchema } from '@campus/domain-batch';
import { z } from 'zod';
import { answerOf, problemOf } from '../../lib/answers.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { signedIn } from '../../lib/request.server';
import { isConfirmed } from '@campus/ui';
import { batchQuestion } from './parts';

export { BATCH_VIEW } from './paths';
import { BATCH_VIEW } from './paths';

/** The query string's value, if it is one of `allowed` (or any non-empty text when `allowed` is omitted). */
function pick(params: URLSearchParams, name: string, allowed?: readonly string[]): string | undefined {
  const value = params.get(name)?.trim();
  if (!value) return undefined;
  return !allowed || allowed.includes(value) ? value : undefined;
}

/** Job types' titles by name, as the API registers them (every area's types, not only Batch Management's). */
export type TypeTitles = Readonly<Record<string, string>>;

async function jobTypeTitles(api: ApiClient): Promise<TypeTitles> {
  return Object.fromEntries(answerOf(await api.batch.listJobTypes(), 200).rows.map((t) => [t.name, t.title]));
}

const number = (params: URLSearchParams, name: string, fallback: number) => {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Batches, newest first, with the screen's filters (type, state, requester, dates, words in the parameters). */
export async function loadBatches(request: Request) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const { user, api } = await signedIn(request);
  const query = {
    type: pick(p, 'type'),
    state: pick(p, 'state', ['queued', 'running', 'completed', 'failed', 'cancelled']) as Batch['state'] | undefined,
    requestedById: p.get('mine') === 'on' ? user._id : undefined,
    from: pick(p, 'from'),
    to: pick(p, 'to'),
    q: pick(p, 'q'),
    page: number(p, 'page', 1),
    limit: Math.min(100, number(p, 'limit', 20)),
  };
  const [result, typeTitles] = await Promise.all([api.batch.listBatches({ query }), jobTypeTitles(api)]);
  if (result.status === 400) return { rows: [] as Batch[], count: 0, query, problem: result.body.message, search: url.search, typeTitles };
  const { rows, count } = answerOf(result, 200);
  return { rows, count, query, problem: null, search: url.search, typeTitles };
}

/** Jobs across batches and queues, with the screen's filters. */
export async function loadJobs(request: Request) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const { api } = await signedIn(request);
  const query = {
    queue: pick(p, 'queue'),
    state: pick(p, 'state', ['created', 'active', 'retrying', 'completed', 'failed', 'cancelled', 'dead-letter']) as Job['state'] | undefined,
    stalled: p.get('stalled') === 'on' ? ('true' as const) : undefined,
    q: pick(p, 'q'),
    page: number(p, 'page', 1),
    limit: Math.min(100, number(p, 'limit', 20)),
  };
  const [jobs, typeTitles] = await Promise.all([api.batch.listJobs({ query }), jobTypeTitles(api)]);
  const { rows, count } = answerOf(jobs, 200);
  return { rows, count, query, typeTitles, search: url.search };
}

export interface BatchViewData {
  batch: Batch | null;
  jobs: Job[];
  jobCount: number;
  page: number;
  job: (Job & { log: JobLogLine[] }) | null;
  queue: JobQueue | null;
  schedules: JobSchedule[];
  canSteer: boolean;
  search: string;
  typeTitles: TypeTitles;
}

/** One batch with its jobs (paged), the chosen job's log, its queue, and the schedules. */
export async function loadBatchView(request: Request): Promise<BatchViewData> {
  const url = new URL(request.url);
  const p = url.searchParams;
  const { user, api } = await signedIn(request);
  const canSteer = user.adminScopes.includes('BATCH');
  const id = pick(p, 'id');
  const jobId = pick(p, 'job');
  const page = number(p, 'page', 1);
  const isId = (v: string | undefined) => Boolean(v && /^[0-9a-f-]{36}$/i.test(v));
  const [batch, jobs, job, queues, schedules, typeTitles] = await Promise.all([
    isId(id) ? api.batch.getBatch({ params: { id: id! } }) : null,
    isId(id) ? api.batch.listJobs({ query: { batchId: id, page, limit: 20 } }) : null,
    isId(jobId) ? api.batch.getJob({ params: { id: jobId! } }) : null,
    canSteer ? api.batch.listQueues() : null,
    canSteer ? api.batch.listJobSchedules() : null,
    jobTypeTitles(api),
  ]);
  if (batch && batch.status === 404) throw data({ message: 'Batch not found.' }, { status: 404 });
  const found = batch ? answerOf(batch, 200).data : null;
  return {
    batch: found,
    jobs: jobs?.status === 200 ? jobs.body.rows : [],
    jobCount: jobs?.status === 200 ? jobs.body.count : 0,
    page,
    job: job?.status === 200 ? job.body.data : null,
    queue: queues?.status === 200 && found ? (queues.body.rows.find((q) => q.name === found.type) ?? null) : null,
    schedules: schedules?.status === 200 ? schedules.body.rows : [],
    canSteer,
    search: url.search,
    typeTitles,
  };
}

/** The batch view's forms, one per intent; every one names the batch shown (`id`) to come back to. */
const back = { id: z.string().default('') };
const BatchViewForm = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), ...back }),
  z.object({ intent: z.literal('retry-failed'), ...back }),
  z.object({ intent: z.literal('pause'), queue: z.string().default(''), ...back }),
  z.object({ intent: z.literal('resume'), queue: z.string().default(''), ...back }),
  ScheduleInputSchema.pick({ cron: true, timeZone: true, missedRunPolicy: true }).extend({
    intent: z.literal('schedule'),
    scheduleId: z.string().default(''),
    // A check box: ticked is `on`, unticked is absent.
    isActive: z.preprocess((v) => v === 'on', z.boolean()),
    ...back,
  }),
]);

/** A cancel or retry posted without `confirmed=yes` (no JavaScript): the question the view then asks as a page. */
export interface BatchConfirmation {
  readonly intent: 'cancel' | 'retry-failed';
  readonly title: string;
  readonly description: string;
  readonly confirmLabel: string;
  readonly cancelLabel?: string;
  readonly fields: (readonly [string, string])[];
  readonly cancelHref: string;
}

/**
 * The batch view's buttons: cancel, retry failed, pause or resume the queue, save a schedule. Cancel and retry ask
 * first, with the number of jobs the page showed (posted as `count`).
 */
export async function batchViewAction(request: Request): Promise<Response | { confirm: BatchConfirmation }> {
  const { api } = await signedIn(request);
  const posted = await request.formData();
  const intent = posted.get('intent');
  if ((intent === 'cancel' || intent === 'retry-failed') && !isConfirmed(posted)) {
    const count = Number(posted.get('count'));
    const id = String(posted.get('id') ?? '');
    const fields = [...posted.entries()].filter((e): e is [string, string] => typeof e[1] === 'string');
    const question = batchQuestion(intent, Number.isInteger(count) && count >= 0 ? count : 0);
    return {
      confirm: {
        intent,
        ...question,
        ...(intent === 'cancel' ? { cancelLabel: 'Keep it' } : {}),
        fields,
        cancelHref: /^[0-9a-f-]{36}$/i.test(id) ? `${BATCH_VIEW}?id=${id}` : BATCH_VIEW,
      },
    };
  }
  // The fields go to the API as typed (the schedule's own schema checks them as the API does).
  const submission = parseWithZod(posted, { schema: BatchViewForm, disableAutoCoercion: true });
  const typedId = typeof submission.payload.id === 'string' ? submission.payload.id : '';
  const backTo = (id: string) => (/^[0-9a-f-]{36}$/i.test(id) ? `${BATCH_VIEW}?id=${id}` : BATCH_VIEW);
  const failedWith = (description: string) => redirectWithNotice(request, backTo(typedId), { tone: 'error', title: 'Error', description });
  if (submission.status !== 'success') {
    if (typeof submission.payload.intent !== 'string' || !BatchViewForm.optionsMap.has(submission.payload.intent)) {
      throw data({ message: 'Unknown action.' }, { status: 400 });
    }
    const first = Object.values(submission.error ?? {}).find((messages) => messages?.length)?.[0];
    return failedWith(first ?? 'The request failed.');
  }
  const form = submission.value;
  const done = (description: string) => redirectWithNotice(request, backTo(form.id), { tone: 'success', title: 'Success!', description });
  const failed = (body: unknown) => failedWith(problemOf(body).message || 'The request failed.');
  if (form.intent === 'cancel') {
    const result = await api.batch.cancelBatch({ params: { id: form.id } });
    return result.status === 200 ? done(`Batch cancelled (${result.body.data.count} queued jobs stopped).`) : failed(result.body);
  }
  if (form.intent === 'retry-failed') {
    const result = await api.batch.retryFailedBatch({ params: { id: form.id } });
    return result.status === 200 ? done(`${result.body.data.count} failed jobs queued again.`) : failed(result.body);
  }
  if (form.intent === 'pause' || form.intent === 'resume') {
    const call = form.intent === 'pause' ? api.batch.pauseQueue : api.batch.resumeQueue;
    const [result, titles] = await Promise.all([call({ params: { name: form.queue } }), jobTypeTitles(api)]);
    const queue = titles[form.queue] ?? form.queue;
    return result.status === 200 ? done(`Queue ${queue} ${form.intent === 'pause' ? 'paused' : 'resumed'}.`) : failed(result.body);
  }
  const { cron, timeZone, missedRunPolicy, isActive } = form;
  const result = await api.batch.updateJobSchedule({ params: { id: form.scheduleId }, body: { cron, timeZone, missedRunPolicy, isActive } });
  return result.status === 200 ? done('Schedule saved.') : failed(result.body);
}
