import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATES } from '@campus/domain-support';
import { guardedRouter, type RateLimitRule } from './access.js';
import { CORE_BASE } from './crud.js';
import { ErrorBodySchema } from './errors.js';

const c = initContract();
const BASE = `${CORE_BASE}/support`;
const SUPPORT = { application: 'SUPPORT' } as const;
/** The requester's routes: no sign-in, counted against the per-address limit. */
/** The public form and the requester's page: no sign-in, a per-address limit of their own (decision 0049). */
export const SUPPORT_FORM_RATE_LIMIT = { bucket: 'support', perAddress: 120 } as const satisfies RateLimitRule;
const PUBLIC = { public: true, rateLimited: SUPPORT_FORM_RATE_LIMIT } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

/**
 * Attachment limits: a few small files, sent as `attachments` parts of a `multipart/form-data` body beside the
 * form's text fields (`customFields.<name>` for intake answers). A body without files may also come as JSON.
 */
export const ATTACHMENT_MAX_BYTES = 150 * 1024;
export const ATTACHMENT_MAX_COUNT = 3;
/** Types kept as they are; anything else is stored and always served as a download of unknown type. */
export const ATTACHMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg', 'text/plain'] as const;

/** An attachment's file name as sent. */
export const AttachmentNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(200, 'At most 200 characters.')
  .regex(/^[^/\\\0]+$/, 'A file name cannot contain slashes.');

/** A form that may carry attachments: its fields, and up to `ATTACHMENT_MAX_COUNT` files. */
export type WithAttachments<T> = T & { attachments?: Blob[] };

const uuid = z.string().uuid('Choose from the list.');
const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters.`);
const optionalId = z.preprocess((v) => (v === '' ? undefined : v), uuid.optional());

export const TicketStateSchema = z.enum(TICKET_STATES);
export const TicketPrioritySchema = z.enum(TICKET_PRIORITIES);

/** Ticket list query: a view (mine, my teams', all), filters, free text over subject and thread, a page. */
export const TicketListQuerySchema = z.object({
  view: z.enum(['mine', 'team', 'all']).default('all'),
  state: z.preprocess((v) => (v === '' ? undefined : v), TicketStateSchema.optional()),
  priority: z.preprocess((v) => (v === '' ? undefined : v), TicketPrioritySchema.optional()),
  categoryV2Id: optionalId,
  officeId: optionalId,
  teamId: optionalId,
  assigneeId: optionalId,
  sla: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['ok', 'near-breach', 'breached', 'paused', 'met']).optional()),
  from: z.preprocess((v) => (v === '' ? undefined : v), z.string().date('Enter a date as yyyy-mm-dd.').optional()),
  to: z.preprocess((v) => (v === '' ? undefined : v), z.string().date('Enter a date as yyyy-mm-dd.').optional()),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TicketListQuery = z.infer<typeof TicketListQuerySchema>;

const requester = {
  requesterName: text(150),
  requesterEmail: z.string().trim().toLowerCase().max(254).email('Enter a valid email address.'),
  requesterNumber: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().max(40).optional()),
};

export const CreateTicketSchema = z
  .object({
    subject: text(200),
    body: text(20_000),
    ...requester,
    categoryV2Id: optionalId,
    categoryId: optionalId,
    priority: z.preprocess((v) => (v === '' ? undefined : v), TicketPrioritySchema.optional()),
    customFields: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .strict()
  .refine((v) => v.categoryV2Id || v.categoryId, { path: ['categoryV2Id'], message: 'Choose a category.' });
export type CreateTicket = z.infer<typeof CreateTicketSchema>;

export const PublicCreateTicketSchema = z
  .object({
    subject: text(200),
    body: text(20_000),
    ...requester,
    categoryV2Id: uuid,
    customFields: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  })
  .strict();

export const ReplySchema = z.object({ kind: z.enum(['reply', 'note']), body: text(20_000) }).strict();
export const PublicReplySchema = z.object({ body: text(20_000) }).strict();
export const ChangeStateSchema = z.object({ state: TicketStateSchema }).strict();
export const AssignSchema = z
  .object({ assigneeId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable()), teamId: optionalId, take: z.boolean().optional() })
  .strict();
export const UpdateTicketSchema = z.object({ priority: TicketPrioritySchema.optional(), categoryV2Id: optionalId }).strict();
export const MergeSchema = z
  .object({ intoId: optionalId, intoReference: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().toUpperCase().max(40).optional()) })
  .strict()
  .refine((v) => v.intoId || v.intoReference, { path: ['intoReference'], message: 'Enter the reference of the ticket to merge into.' });
export const RatingSchema = z.object({ rating: z.coerce.number().int().min(1, 'Choose 1 to 5.').max(5, 'Choose 1 to 5.'), comment: z.string().trim().max(2000).optional() }).strict();

const IdParams = z.object({ id: z.string().max(64) });
const TokenParams = z.object({ token: z.string().min(20).max(100) });
const any = z.any();
const multipart = 'multipart/form-data' as const;

/** Customer Support Management's own routes beside the CRUD of its entities. */
export const supportContract = c.router(
  guardedRouter({
    listTickets: {
      method: 'GET',
      path: `${BASE}/tickets`,
      query: TicketListQuerySchema,
      responses: { 200: any, ...errors },
      summary: 'List tickets (mine, my teams’, all) with filters and search over subject and thread',
      metadata: SUPPORT,
    },
    exportTickets: {
      method: 'GET',
      path: `${BASE}/tickets/export`,
      query: TicketListQuerySchema.omit({ page: true, limit: true }),
      responses: { 200: z.object({ data: z.object({ csv: z.string(), rows: z.number() }) }), ...errors },
      summary: 'The filtered list as CSV, custom fields included',
      metadata: SUPPORT,
    },
    getTicket: {
      method: 'GET',
      path: `${BASE}/tickets/:id`,
      pathParams: IdParams,
      responses: { 200: any, ...errors },
      summary: 'A ticket with its thread, history, SLA clock and possible duplicates',
      metadata: SUPPORT,
    },
    createTicket: {
      method: 'POST',
      path: `${BASE}/tickets`,
      contentType: multipart,
      body: c.type<WithAttachments<z.input<typeof CreateTicketSchema>>>(),
      responses: { 201: any, ...errors },
      summary: 'Open a ticket for a requester',
      metadata: SUPPORT,
    },
    updateTicket: {
      method: 'PUT',
      path: `${BASE}/tickets/:id`,
      pathParams: IdParams,
      body: UpdateTicketSchema,
      responses: { 200: any, ...errors },
      summary: 'Change the priority or category of a ticket',
      metadata: SUPPORT,
    },
    replyToTicket: {
      method: 'POST',
      path: `${BASE}/tickets/:id/messages`,
      pathParams: IdParams,
      contentType: multipart,
      body: c.type<WithAttachments<z.input<typeof ReplySchema>>>(),
      responses: { 201: any, ...errors },
      summary: 'A public reply (emailed to the requester) or an internal note',
      metadata: SUPPORT,
    },
    changeTicketState: {
      method: 'POST',
      path: `${BASE}/tickets/:id/state`,
      pathParams: IdParams,
      body: ChangeStateSchema,
      responses: { 200: any, ...errors },
      summary: 'Move a ticket through its lifecycle',
      metadata: SUPPORT,
    },
    assignTicket: {
      method: 'POST',
      path: `${BASE}/tickets/:id/assign`,
      pathParams: IdParams,
      body: AssignSchema,
      responses: { 200: any, ...errors },
      summary: 'Assign, take, re-assign or transfer a ticket',
      metadata: SUPPORT,
    },
    mergeTicket: {
      method: 'POST',
      path: `${BASE}/tickets/:id/merge`,
      pathParams: IdParams,
      body: MergeSchema,
      responses: { 200: any, ...errors },
      summary: 'Merge a ticket into another; both threads are kept',
      metadata: SUPPORT,
    },
    getAttachment: {
      method: 'GET',
      path: `${BASE}/attachments/:id`,
      pathParams: IdParams,
      responses: { 200: any, ...errors },
      summary: 'An attachment, as base64 with its stored type',
      metadata: SUPPORT,
    },
    getCategoryTree: {
      method: 'GET',
      path: `${BASE}/category-tree`,
      responses: { 200: any, ...errors },
      summary: 'The categoriesV2 tree with the inherited value of every field, and the unmapped v1 categories',
      metadata: SUPPORT,
    },
    listAgents: {
      method: 'GET',
      path: `${BASE}/agents`,
      responses: { 200: z.object({ data: z.array(z.object({ _id: z.string(), name: z.string(), teamIds: z.array(z.string()) })) }), ...errors },
      summary: 'The agents of every support team, by name, with the teams each belongs to (the queue filters by them)',
      metadata: SUPPORT,
    },
    runSlaSweep: {
      method: 'POST',
      path: `${BASE}/sla-sweep`,
      body: z.object({}).strict().optional(),
      responses: { 200: any, ...errors },
      summary: 'Flag breaches and near-breaches now (the job does it on its own schedule)',
      metadata: SUPPORT,
    },
    getPublicForm: {
      method: 'GET',
      path: `${BASE}/public/form`,
      responses: { 200: any, ...errors },
      summary: 'The categories open to the public form, with their intake fields',
      metadata: PUBLIC,
    },
    createPublicTicket: {
      method: 'POST',
      path: `${BASE}/public/tickets`,
      contentType: multipart,
      body: c.type<WithAttachments<z.input<typeof PublicCreateTicketSchema>>>(),
      responses: { 202: any, ...errors },
      summary: 'File a ticket from the public form; the private link goes to the requester by email',
      metadata: PUBLIC,
    },
    getPublicTicket: {
      method: 'GET',
      path: `${BASE}/public/tickets/:token`,
      pathParams: TokenParams,
      responses: { 200: any, ...errors },
      summary: 'The requester’s view of a ticket through the private link',
      metadata: PUBLIC,
    },
    replyToPublicTicket: {
      method: 'POST',
      path: `${BASE}/public/tickets/:token/messages`,
      pathParams: TokenParams,
      contentType: multipart,
      body: c.type<WithAttachments<z.input<typeof PublicReplySchema>>>(),
      responses: { 201: any, ...errors },
      summary: 'The requester replies through the private link',
      metadata: PUBLIC,
    },
    rateTicket: {
      method: 'POST',
      path: `${BASE}/public/tickets/:token/rating`,
      pathParams: TokenParams,
      body: RatingSchema,
      responses: { 200: any, ...errors },
      summary: 'The requester rates a resolved ticket (1–5 and a comment)',
      metadata: PUBLIC,
    },
  }),
);
