import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { BATCH_STATES, JOB_STATES, MISSED_RUN_POLICIES, ScheduleInputSchema, StartBatchSchema } from '@campus/domain-batch';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './list-query.js';

const c = initContract();

/**
 * Batch Management (launcher code `BATCH`). `owner: true` marks routes a user without `BATCH` may call too: the
 * handler then answers only about the batches that user started. `signedIn: true` marks routes that belong to
 * the signed-in user whatever their scopes (their own notices).
 */
const BATCH = { application: 'BATCH' } as const;
/** Anyone signed in may see and cancel the batches they started; `BATCH` sees all (the handlers decide). */
const OWNER = { signedIn: true } as const;
const SIGNED_IN = { signedIn: true } as const;

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
const limit = z.coerce.number().int().min(1).max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}.`).default(DEFAULT_LIMIT);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as yyyy-mm-dd.');
const id = z.object({ id: z.string().uuid('Not a valid id.') });
const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

export const BatchSchema = z.object({
  _id: z.string().uuid(),
  type: z.string(),
  params: z.record(z.string(), z.unknown()),
  summary: z.string(),
  requestedById: z.string().nullable(),
  requestedByName: z.string().nullable(),
  state: z.enum(BATCH_STATES),
  total: z.number().int(),
  /** Units (records, rows) done and failed of `total`; in jobs instead when `countsJobs`. */
  done: z.number().int(),
  failed: z.number().int(),
  /** The batch counts no units (a read of unknown length): `total`, `done` and `failed` count its jobs. */
  countsJobs: z.boolean(),
  progress: z.number().int(),
  /** Jobs per state. */
  counts: z.record(z.string(), z.number().int()),
  result: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type Batch = z.infer<typeof BatchSchema>;

export const JobSchema = z.object({
  _id: z.string().uuid(),
  batchId: z.string().nullable(),
  queue: z.string(),
  sequence: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  state: z.enum(JOB_STATES),
  attempts: z.number().int(),
  retryLimit: z.number().int(),
  lastError: z.string().nullable(),
  units: z.number().int(),
  unitsDone: z.number().int(),
  unitsFailed: z.number().int(),
  timeoutSeconds: z.number().int(),
  /** Active past its timeout. */
  isStalled: z.boolean(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Job = z.infer<typeof JobSchema>;

/** A registered job type: its name (the queue) and the title people read. */
export const JobTypeSchema = z.object({ name: z.string(), title: z.string() });
export type JobTypeInfo = z.infer<typeof JobTypeSchema>;

export const JobLogLineSchema = z.object({ at: z.string(), level: z.string(), message: z.string() });
export type JobLogLine = z.infer<typeof JobLogLineSchema>;

export const QueueSchema = z.object({
  name: z.string(),
  isPaused: z.boolean(),
  counts: z.record(z.string(), z.number().int()),
});
export type JobQueue = z.infer<typeof QueueSchema>;

export const JobScheduleSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  type: z.string(),
  params: z.record(z.string(), z.unknown()),
  cron: z.string(),
  timeZone: z.string(),
  missedRunPolicy: z.enum(MISSED_RUN_POLICIES),
  isActive: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** The next five runs, as ISO instants. */
  nextRuns: z.array(z.string()),
});
export type JobSchedule = z.infer<typeof JobScheduleSchema>;

export const NotificationSchema = z.object({
  _id: z.string().uuid(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const BatchQuerySchema = z
  .object({
    type: z.string().max(60).optional(),
    state: z.enum(BATCH_STATES).optional(),
    requestedById: z.string().uuid('requestedById must be a user id (UUID).').optional(),
    from: day.optional(),
    to: day.optional(),
    /** Words searched in the batch's parameters. */
    q: z.string().trim().max(200).optional(),
    page,
    limit,
  })
  .strict();
export type BatchQuery = z.infer<typeof BatchQuerySchema>;

export const JobQuerySchema = z
  .object({
    batchId: z.string().uuid().optional(),
    queue: z.string().max(60).optional(),
    state: z.enum(JOB_STATES).optional(),
    stalled: flag.optional(),
    q: z.string().trim().max(200).optional(),
    page,
    limit,
  })
  .strict();
export type JobQuery = z.infer<typeof JobQuerySchema>;

export const NotificationQuerySchema = z.object({ unread: flag.optional(), page, limit }).strict();

export const MarkReadSchema = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1, 'Choose a notice.').max(100) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);

export const SchedulePreviewQuerySchema = z
  .object({ cron: z.string().max(120), timeZone: z.string().max(60).default('Asia/Manila') })
  .strict();

const count = z.object({ count: z.number().int() });
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

export const batchContract = c.router({
  listBatches: {
    method: 'GET',
    path: `${CORE_BASE}/batches`,
    query: BatchQuerySchema,
    responses: { 200: listBody(BatchSchema), ...errors },
    metadata: OWNER,
    summary: 'Batches, newest first (without BATCH: only your own)',
  },
  startBatch: {
    method: 'POST',
    path: `${CORE_BASE}/batches`,
    body: StartBatchSchema,
    responses: { 202: dataBody(BatchSchema), ...errors },
    metadata: OWNER,
    summary: "Start a batch over a list's current search and filters (needs the list's application)",
  },
  getBatch: {
    method: 'GET',
    path: `${CORE_BASE}/batches/:id`,
    pathParams: id,
    responses: { 200: dataBody(BatchSchema), ...errors },
    metadata: OWNER,
    summary: 'One batch with its progress and job counts',
  },
  cancelBatch: {
    method: 'POST',
    path: `${CORE_BASE}/batches/:id/cancel`,
    pathParams: id,
    body: c.noBody(),
    responses: { 200: dataBody(count), ...errors },
    metadata: OWNER,
    summary: 'Cancel a batch: queued jobs are cancelled, a running one stops before its next unit',
  },
  retryFailedBatch: {
    method: 'POST',
    path: `${CORE_BASE}/batches/:id/retry-failed`,
    pathParams: id,
    body: c.noBody(),
    responses: { 200: dataBody(count), ...errors },
    metadata: BATCH,
    summary: "Queue the batch's failed jobs again; answers how many",
  },
  getBatchFile: {
    method: 'GET',
    path: `${CORE_BASE}/batches/:id/file`,
    pathParams: id,
    responses: { 200: dataBody(z.object({ name: z.string(), contentType: z.string(), content: z.string() })), ...errors },
    metadata: OWNER,
    summary: 'The file a batch produced (list export)',
  },
  listJobs: {
    method: 'GET',
    path: `${CORE_BASE}/jobs`,
    query: JobQuerySchema,
    responses: { 200: listBody(JobSchema), ...errors },
    metadata: OWNER,
    summary: 'Jobs across batches and queues (without BATCH: only those of your own batches)',
  },
  getJob: {
    method: 'GET',
    path: `${CORE_BASE}/jobs/:id`,
    pathParams: id,
    responses: { 200: dataBody(JobSchema.extend({ log: z.array(JobLogLineSchema) })), ...errors },
    metadata: OWNER,
    summary: 'One job with its log',
  },
  listJobTypes: {
    method: 'GET',
    path: `${CORE_BASE}/job-types`,
    responses: { 200: listBody(JobTypeSchema), 401: ErrorBodySchema },
    metadata: SIGNED_IN,
    summary: 'Every registered job type with its title (for filters and labels)',
  },
  listQueues: {
    method: 'GET',
    path: `${CORE_BASE}/queues`,
    responses: { 200: listBody(QueueSchema), ...errors },
    metadata: BATCH,
    summary: 'The queues (one per job type), paused or not, with job counts',
  },
  pauseQueue: {
    method: 'POST',
    path: `${CORE_BASE}/queues/:name/pause`,
    pathParams: z.object({ name: z.string().max(60) }),
    body: c.noBody(),
    responses: { 200: dataBody(QueueSchema), ...errors },
    metadata: BATCH,
    summary: 'Pause a queue: its workers take no new job',
  },
  resumeQueue: {
    method: 'POST',
    path: `${CORE_BASE}/queues/:name/resume`,
    pathParams: z.object({ name: z.string().max(60) }),
    body: c.noBody(),
    responses: { 200: dataBody(QueueSchema), ...errors },
    metadata: BATCH,
    summary: 'Resume a paused queue',
  },
  listJobSchedules: {
    method: 'GET',
    path: `${CORE_BASE}/job-schedules`,
    responses: { 200: listBody(JobScheduleSchema), ...errors },
    metadata: BATCH,
    summary: 'Cron schedules with their next five runs',
  },
  previewJobSchedule: {
    method: 'GET',
    path: `${CORE_BASE}/job-schedules/preview`,
    query: SchedulePreviewQuerySchema,
    responses: { 200: dataBody(z.object({ nextRuns: z.array(z.string()) })), ...errors },
    metadata: BATCH,
    summary: 'The next five runs of a cron expression in a time zone',
  },
  createJobSchedule: {
    method: 'POST',
    path: `${CORE_BASE}/job-schedules`,
    body: ScheduleInputSchema,
    responses: { 201: dataBody(JobScheduleSchema), 409: ErrorBodySchema, ...errors },
    metadata: BATCH,
    summary: 'Create a schedule',
  },
  updateJobSchedule: {
    method: 'PUT',
    path: `${CORE_BASE}/job-schedules/:id`,
    pathParams: id,
    body: ScheduleInputSchema.partial(),
    responses: { 200: dataBody(JobScheduleSchema), 409: ErrorBodySchema, ...errors },
    metadata: BATCH,
    summary: 'Change a schedule (cron, time zone, missed-run policy, on or off)',
  },
  listNotifications: {
    method: 'GET',
    path: `${CORE_BASE}/notifications`,
    query: NotificationQuerySchema,
    responses: { 200: listBody(NotificationSchema).extend({ unread: z.number().int() }), 400: ErrorBodySchema, 401: ErrorBodySchema },
    metadata: SIGNED_IN,
    summary: "The signed-in user's notices, newest first, with the unread count",
  },
  markNotificationsRead: {
    method: 'POST',
    path: `${CORE_BASE}/notifications/read`,
    body: MarkReadSchema,
    responses: { 200: dataBody(count), 400: ErrorBodySchema, 401: ErrorBodySchema },
    metadata: SIGNED_IN,
    summary: 'Mark some or all of your notices read',
  },
});
export type BatchContract = typeof batchContract;
