import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import {
  API_AUTH_KINDS,
  API_PAGINATIONS,
  ApiSourceInputSchema,
  ConnectionInputSchema,
  DATE_FORMATS,
  DB_KINDS,
  DbSourceSchema,
  RUN_MODES,
  RUN_STATES,
  RunSettingsSchema,
  SOURCE_KINDS,
} from '@campus/domain-migration';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';

const c = initContract();
const BASE = `${CORE_BASE}/migrations`;
/** Data Migration Management (launcher code `DATA`). */
const DATA = { application: 'DATA' } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };
const id = z.object({ id: z.string().uuid('Not a valid id.') });

export const ImportColumnSchema = z.object({
  name: z.string(),
  inTemplate: z.boolean(),
  type: z.string(),
  required: z.boolean(),
  codedValues: z.array(z.string()),
  example: z.string(),
  description: z.string(),
});

export const ImportTargetSchema = z.object({
  resource: z.string(),
  name: z.string(),
  label: z.string(),
  columns: z.array(ImportColumnSchema),
  naturalKey: z.array(z.string()),
});
export type ImportTargetView = z.infer<typeof ImportTargetSchema>;

/** A file answered inside the envelope: its name, type and bytes in base64. */
export const FileBodySchema = z.object({ name: z.string(), contentType: z.string(), contentBase64: z.string() });
export type FileBody = z.infer<typeof FileBodySchema>;

export const RejectedRowSchema = z.object({ line: z.number().int(), error: z.string(), cells: z.record(z.string(), z.string()) });

export const RunCountsSchema = z.object({
  read: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  rejected: z.number().int(),
});

export const MigrationRunSchema = z.object({
  _id: z.string().uuid(),
  resource: z.string(),
  targetName: z.string(),
  sourceKind: z.enum(SOURCE_KINDS),
  sourceName: z.string(),
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  /** How each header was matched (exact, loose, fuzzy, chosen) or null when ignored. */
  matchKinds: z.record(z.string(), z.string().nullable()),
  mode: z.enum(RUN_MODES),
  dateFormat: z.enum(DATE_FORMATS),
  state: z.enum(RUN_STATES),
  /** The dry run's figures, once checked. */
  preview: RunCountsSchema.nullable(),
  /** The run's figures, once run. */
  counts: RunCountsSchema.nullable(),
  rejectedRows: z.array(RejectedRowSchema),
  message: z.string().nullable(),
  batchId: z.string().uuid().nullable(),
  progress: z.number().int(),
  parentRunId: z.string().uuid().nullable(),
  startedById: z.string().uuid().nullable(),
  startedByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationMs: z.number().nullable(),
});
export type MigrationRun = z.infer<typeof MigrationRunSchema>;

export const RunListQuerySchema = z
  .object({
    resource: z.string().max(60).optional(),
    state: z.enum(RUN_STATES).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100.').default(20),
  })
  .strict();

export const TemplateQuerySchema = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') }).strict();

/** The upload form, `multipart/form-data`: `resource` (the target) and `file` (CSV or XLSX). */
export interface UploadForm {
  readonly resource: string;
  readonly file: Blob;
}

/** A saved database connection as answered: never its password, only whether one is stored. */
export const DbConnectionSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  kind: z.enum(DB_KINDS),
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  username: z.string(),
  hasPassword: z.boolean(),
  tls: z.boolean(),
  tlsCa: z.string(),
  /** What incremental reads remember: the highest cursor value read, by source and cursor column. */
  cursors: z.array(
    z.object({ source: z.string(), cursorColumn: z.string(), lastValue: z.string(), updatedAt: z.string() }),
  ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DbConnection = z.infer<typeof DbConnectionSchema>;

export const ConnectionTestSchema = z.object({ ok: z.boolean(), message: z.string() });
export const SourcePreviewSchema = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type SourcePreview = z.infer<typeof SourcePreviewSchema>;

/** Read a connection's table or SELECT into a new run for `resource`; `incremental` reads only rows past the cursor. */
export const ReadSourceSchema = DbSourceSchema.extend({
  resource: z.string().trim().min(1, 'Please fillup required fields.').max(60),
  incremental: z.boolean().default(false),
}).strict();
export type ReadSource = z.infer<typeof ReadSourceSchema>;

/** The scheduled read of a connection: its source and target as for a read, a cron and its time zone. */
export const ConnectionScheduleInputSchema = DbSourceSchema.extend({
  resource: z.string().trim().min(1, 'Please fillup required fields.').max(60),
  incremental: z.boolean().default(true),
  cron: z.string().trim().min(1, 'Please fillup required fields.').max(100),
  timeZone: z.string().trim().min(1, 'Please fillup required fields.').max(60),
  isActive: z.boolean().default(true),
}).strict();
export type ConnectionScheduleInput = z.infer<typeof ConnectionScheduleInputSchema>;

export const ConnectionScheduleSchema = z.object({
  _id: z.string(),
  resource: z.string(),
  table: z.string(),
  query: z.string(),
  cursorColumn: z.string(),
  incremental: z.boolean(),
  cron: z.string(),
  timeZone: z.string(),
  isActive: z.boolean(),
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  nextRuns: z.array(z.string()),
});
export type ConnectionSchedule = z.infer<typeof ConnectionScheduleSchema>;

/** A saved REST source as answered: never its secret, only whether one is stored. */
export const ApiSourceSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  baseUrl: z.string(),
  authKind: z.enum(API_AUTH_KINDS),
  authHeader: z.string(),
  hasSecret: z.boolean(),
  pagination: z.enum(API_PAGINATIONS),
  pageParam: z.string(),
  sizeParam: z.string(),
  pageSize: z.number().int(),
  nextPath: z.string(),
  rowsPath: z.string(),
  cursorField: z.string(),
  sinceParam: z.string(),
  /** What incremental reads remember: the highest value of the cursor field read, and when. */
  lastCursor: z.string().nullable(),
  cursorUpdatedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ApiSource = z.infer<typeof ApiSourceSchema>;

/** Read an API source into a new run for `resource`; `incremental` reads only rows past the remembered cursor. */
export const ReadApiSourceSchema = z
  .object({
    resource: z.string().trim().min(1, 'Please fillup required fields.').max(60),
    incremental: z.boolean().default(false),
  })
  .strict();
export type ReadApiSource = z.infer<typeof ReadApiSourceSchema>;

/** The scheduled read of an API source: its target, whether only rows past the cursor, a cron and its time zone. */
export const ApiSourceScheduleInputSchema = ReadApiSourceSchema.extend({
  incremental: z.boolean().default(true),
  cron: z.string().trim().min(1, 'Please fillup required fields.').max(100),
  timeZone: z.string().trim().min(1, 'Please fillup required fields.').max(60),
  isActive: z.boolean().default(true),
}).strict();
export type ApiSourceScheduleInput = z.infer<typeof ApiSourceScheduleInputSchema>;

export const ApiSourceScheduleSchema = ConnectionScheduleSchema.pick({
  _id: true,
  resource: true,
  incremental: true,
  cron: true,
  timeZone: true,
  isActive: true,
  nextRunAt: true,
  lastRunAt: true,
  nextRuns: true,
});
export type ApiSourceSchedule = z.infer<typeof ApiSourceScheduleSchema>;

export const migrationContract = c.router(
  guardedRouter({
    listTargets: {
      method: 'GET',
      path: `${BASE}/targets`,
      responses: { 200: dataBody(z.array(ImportTargetSchema)), 401: ErrorBodySchema, 403: ErrorBodySchema },
      metadata: DATA,
      summary: 'Entities with a bulk-import template and their columns',
    },
    getTemplate: {
      method: 'GET',
      path: `${BASE}/targets/:resource/template`,
      pathParams: z.object({ resource: z.string().max(60) }),
      query: TemplateQuerySchema,
      responses: { 200: dataBody(FileBodySchema), ...errors },
      metadata: DATA,
      summary: 'A blank template (CSV with a commented guide, or XLSX with a Guide sheet)',
    },
    uploadFile: {
      method: 'POST',
      path: `${BASE}/runs`,
      contentType: 'multipart/form-data',
      body: c.type<UploadForm>(),
      responses: { 201: dataBody(MigrationRunSchema), 413: ErrorBodySchema, 415: ErrorBodySchema, ...errors },
      metadata: DATA,
      summary: 'Upload a CSV or XLSX file for a target; its headers are matched to the columns',
    },
    listRuns: {
      method: 'GET',
      path: `${BASE}/runs`,
      query: RunListQuerySchema,
      responses: { 200: listBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'Every run, newest first',
    },
    getRun: {
      method: 'GET',
      path: `${BASE}/runs/:id`,
      pathParams: id,
      responses: { 200: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'One run',
    },
    checkRun: {
      method: 'POST',
      path: `${BASE}/runs/:id/check`,
      pathParams: id,
      body: RunSettingsSchema,
      responses: { 202: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'Save the column matching and start a dry run',
    },
    startRun: {
      method: 'POST',
      path: `${BASE}/runs/:id/start`,
      pathParams: id,
      body: RunSettingsSchema,
      responses: { 202: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'Save the column matching and run the import',
    },
    getErrorFile: {
      method: 'GET',
      path: `${BASE}/runs/:id/errors`,
      pathParams: id,
      query: TemplateQuerySchema,
      responses: { 200: dataBody(FileBodySchema), ...errors },
      metadata: DATA,
      summary: 'The rejected rows in their original columns plus an error column',
    },
    rerunRejected: {
      method: 'POST',
      path: `${BASE}/runs/:id/rerun`,
      pathParams: id,
      body: c.noBody(),
      responses: { 201: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'A new run of only the rows this run rejected',
    },
    listConnections: {
      method: 'GET',
      path: `${BASE}/connections`,
      responses: { 200: dataBody(z.array(DbConnectionSchema)), ...errors },
      metadata: DATA,
      summary: 'Saved database connections (never their passwords)',
    },
    getConnection: {
      method: 'GET',
      path: `${BASE}/connections/:id`,
      pathParams: id,
      responses: { 200: dataBody(DbConnectionSchema), ...errors },
      metadata: DATA,
      summary: 'One saved database connection',
    },
    createConnection: {
      method: 'POST',
      path: `${BASE}/connections`,
      body: ConnectionInputSchema,
      responses: { 201: dataBody(DbConnectionSchema), ...errors },
      metadata: DATA,
      summary: 'Save a database connection; its password is encrypted at rest',
    },
    updateConnection: {
      method: 'PUT',
      path: `${BASE}/connections/:id`,
      pathParams: id,
      body: ConnectionInputSchema,
      responses: { 200: dataBody(DbConnectionSchema), ...errors },
      metadata: DATA,
      summary: 'Change a database connection; a blank password keeps the stored one',
    },
    deleteConnection: {
      method: 'DELETE',
      path: `${BASE}/connections/:id`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: DATA,
      summary: 'Delete a database connection',
    },
    testConnection: {
      method: 'POST',
      path: `${BASE}/connections/:id/test`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(ConnectionTestSchema), ...errors },
      metadata: DATA,
      summary: 'Connect to the database and answer whether it worked',
    },
    listSourceTables: {
      method: 'GET',
      path: `${BASE}/connections/:id/tables`,
      pathParams: id,
      responses: { 200: dataBody(z.array(z.string())), ...errors },
      metadata: DATA,
      summary: "The connection's tables and views",
    },
    previewSource: {
      method: 'POST',
      path: `${BASE}/connections/:id/preview`,
      pathParams: id,
      body: DbSourceSchema,
      responses: { 200: dataBody(SourcePreviewSchema), ...errors },
      metadata: DATA,
      summary: 'The first rows of a table or read-only SELECT (at most 20)',
    },
    readSource: {
      method: 'POST',
      path: `${BASE}/connections/:id/read`,
      pathParams: id,
      body: ReadSourceSchema,
      responses: { 202: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'Read a table or SELECT into a new run (a job); then match columns, dry run and run as for a file',
    },
    getConnectionSchedule: {
      method: 'GET',
      path: `${BASE}/connections/:id/schedule`,
      pathParams: id,
      responses: { 200: dataBody(ConnectionScheduleSchema.nullable()), ...errors },
      metadata: DATA,
      summary: "The connection's scheduled read, or null",
    },
    saveConnectionSchedule: {
      method: 'PUT',
      path: `${BASE}/connections/:id/schedule`,
      pathParams: id,
      body: ConnectionScheduleInputSchema,
      responses: { 200: dataBody(ConnectionScheduleSchema), ...errors },
      metadata: DATA,
      summary: 'Create or change the scheduled read of a connection (a job schedule of migration-db-scheduled-read)',
    },
    cancelConnectionSchedule: {
      method: 'DELETE',
      path: `${BASE}/connections/:id/schedule`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: DATA,
      summary: 'Cancel the scheduled read of a connection',
    },
    listApiSources: {
      method: 'GET',
      path: `${BASE}/api-sources`,
      responses: { 200: dataBody(z.array(ApiSourceSchema)), ...errors },
      metadata: DATA,
      summary: 'Saved REST API sources (never their secrets)',
    },
    getApiSource: {
      method: 'GET',
      path: `${BASE}/api-sources/:id`,
      pathParams: id,
      responses: { 200: dataBody(ApiSourceSchema), ...errors },
      metadata: DATA,
      summary: 'One saved API source',
    },
    createApiSource: {
      method: 'POST',
      path: `${BASE}/api-sources`,
      body: ApiSourceInputSchema,
      responses: { 201: dataBody(ApiSourceSchema), ...errors },
      metadata: DATA,
      summary: 'Save an API source; its secret is encrypted at rest',
    },
    updateApiSource: {
      method: 'PUT',
      path: `${BASE}/api-sources/:id`,
      pathParams: id,
      body: ApiSourceInputSchema,
      responses: { 200: dataBody(ApiSourceSchema), ...errors },
      metadata: DATA,
      summary: 'Change an API source; a blank secret keeps the stored one',
    },
    deleteApiSource: {
      method: 'DELETE',
      path: `${BASE}/api-sources/:id`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: DATA,
      summary: 'Delete an API source',
    },
    testApiSource: {
      method: 'POST',
      path: `${BASE}/api-sources/:id/test`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(ConnectionTestSchema), ...errors },
      metadata: DATA,
      summary: 'Ask the source for its first page and answer whether it worked',
    },
    previewApiSource: {
      method: 'POST',
      path: `${BASE}/api-sources/:id/preview`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(SourcePreviewSchema), ...errors },
      metadata: DATA,
      summary: 'The first rows of the first page (at most 20), nested fields as dotted columns',
    },
    readApiSource: {
      method: 'POST',
      path: `${BASE}/api-sources/:id/read`,
      pathParams: id,
      body: ReadApiSourceSchema,
      responses: { 202: dataBody(MigrationRunSchema), ...errors },
      metadata: DATA,
      summary: 'Read every page into a new run (a job); then match columns, dry run and run as for a file',
    },
    getApiSourceSchedule: {
      method: 'GET',
      path: `${BASE}/api-sources/:id/schedule`,
      pathParams: id,
      responses: { 200: dataBody(ApiSourceScheduleSchema.nullable()), ...errors },
      metadata: DATA,
      summary: "The API source's scheduled read, or null",
    },
    saveApiSourceSchedule: {
      method: 'PUT',
      path: `${BASE}/api-sources/:id/schedule`,
      pathParams: id,
      body: ApiSourceScheduleInputSchema,
      responses: { 200: dataBody(ApiSourceScheduleSchema), ...errors },
      metadata: DATA,
      summary: 'Create or change the scheduled read of an API source (a job schedule of migration-api-scheduled-read)',
    },
    cancelApiSourceSchedule: {
      method: 'DELETE',
      path: `${BASE}/api-sources/:id/schedule`,
      pathParams: id,
      body: c.noBody(),
      responses: { 200: dataBody(z.object({ message: z.string() })), ...errors },
      metadata: DATA,
      summary: 'Cancel the scheduled read of an API source',
    },
  }),
);
