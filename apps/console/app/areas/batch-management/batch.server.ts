import { data } from '@remix-run/node';
import type { Batch, Job, JobLogLine, JobQueue, JobSchedule } from '@campus/api-contract';
import { apiFor, failureResponse } from '../../lib/api.server';
import { redirectWithNotice } from '../../lib/notice.server';
import { requireUser } from '../../lib/session.server';

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

async function jobTypeTitles(api: Awaited<ReturnType<typeof apiFor>>): Promise<TypeTitles> {
  const result = await api.batch.listJobTypes();
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return Object.fromEntries(result.body.rows.map((t) => [t.name, t.title]));
}

const number = (params: URLSearchParams, name: string, fallback: number) => {
  const n = Number(params.get(name));
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** Batches, newest first, with the screen's filters (type, state, requester, dates, words in the parameters). */
export async function loadBatches(request: Request) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const [{ user }, api] = await Promise.all([requireUser(request), apiFor(request)]);
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
  if (result.status !== 200) throw failureResponse(result.status, result.body);
  return { rows: result.body.rows, count: result.body.count, query, problem: null, search: url.search, typeTitles };
}

/** Jobs across batches and queues, with the screen's filters. */
export async function loadJobs(request: Request) {
  const url = new URL(request.url);
  const p = url.searchParams;
  const api = await apiFor(request);
  const query = {
    queue: pick(p, 'queue'),
    state: pick(p, 'state', ['created', 'active', 'retrying', 'completed', 'failed', 'cancelled', 'dead-letter']) as Job['state'] | undefined,
    stalled: p.get('stalled') === 'on' ? ('true' as const) : undefined,
    q: pick(p, 'q'),
    page: number(p, 'page', 1),
    limit: Math.min(100, number(p, 'limit', 20)),
  };
  const [jobs, typeTitles] = await Promise.all([api.batch.listJobs({ query }), jobTypeTitles(api)]);
  if (jobs.status !== 200) throw failureResponse(jobs.status, jobs.body);
  return { rows: jobs.body.rows, count: jobs.body.count, query, typeTitles, search: url.search };
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
  const [{ user }, api] = await Promise.all([requireUser(request), apiFor(request)]);
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
  if (batch && batch.status !== 200) throw failureResponse(batch.status, batch.body);
  const found = batch?.status === 200 ? batch.body.data : null;
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

/** The batch view's buttons: cancel, retry failed, pause or resume the queue, save a schedule. */
export async function batchViewAction(request: Request): Promise<Response> {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const back = /^[0-9a-f-]{36}$/i.test(id) ? `${BATCH_VIEW}?id=${id}` : BATCH_VIEW;
  const api = await apiFor(request);
  const done = (description: string) => redirectWithNotice(request, back, { tone: 'success', title: 'Success!', description });
  const failed = (body: unknown) =>
    redirectWithNotice(request, back, { tone: 'error', title: 'Error', description: (body as { message?: string })?.message ?? 'The request failed.' });
  if (intent === 'cancel') {
    const result = await api.batch.cancelBatch({ params: { id } });
    return result.status === 200 ? done(`Batch cancelled (${result.body.data.count} queued jobs stopped).`) : failed(result.body);
  }
  if (intent === 'retry-failed') {
    const result = await api.batch.retryFailedBatch({ params: { id } });
    return result.status === 200 ? done(`${result.body.data.count} failed jobs queued again.`) : failed(result.body);
  }
  if (intent === 'pause' || intent === 'resume') {
    const name = String(form.get('queue') ?? '');
    const call = intent === 'pause' ? api.batch.pauseQueue : api.batch.resumeQueue;
    const result = await call({ params: { name } });
    return result.status === 200 ? done(`Queue ${name} ${intent === 'pause' ? 'paused' : 'resumed'}.`) : failed(result.body);
  }
  if (intent === 'schedule') {
    const scheduleId = String(form.get('scheduleId') ?? '');
    const body = {
      cron: String(form.get('cron') ?? ''),
      timeZone: String(form.get('timeZone') ?? ''),
      missedRunPolicy: String(form.get('missedRunPolicy') ?? '') as 'run-once' | 'skip',
      isActive: form.get('isActive') === 'on',
    };
    const result = await api.batch.updateJobSchedule({ params: { id: scheduleId }, body });
    return result.status === 200 ? done('Schedule saved.') : failed(result.body);
  }
  throw data({ message: 'Unknown action.' }, { status: 400 });
}
