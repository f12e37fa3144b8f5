import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './list-query.js';

const c = initContract();

/** A message the API kept in its outbox instead of sending (no SMTP server configured). */
export const OutboxMessageSchema = z.object({
  _id: z.string().uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** A row of the outbox list: the message without its bodies. */
export const OutboxSummarySchema = OutboxMessageSchema.pick({ _id: true, to: true, subject: true, createdAt: true });
export type OutboxSummary = z.infer<typeof OutboxSummarySchema>;

export const OutboxQuerySchema = z
  .object({
    /** Only messages to this address (exact, case-insensitive). */
    to: z.string().trim().max(254).optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}.`).default(DEFAULT_LIMIT),
  })
  .strict();
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

/** Access Management's own routes beside the generic entity routes: the outbox (IAM administrators only). */
export const outboxContract = c.router({
  listOutbox: {
    method: 'GET',
    path: `${CORE_BASE}/outbox`,
    query: OutboxQuerySchema,
    responses: { 200: listBody(OutboxSummarySchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: { application: 'IAM' },
    summary: 'Mail kept in the outbox, newest first (IAM administrators)',
  },
  getOutboxMessage: {
    method: 'GET',
    path: `${CORE_BASE}/outbox/:id`,
    pathParams: z.object({ id: z.string().uuid('Not a message id.') }),
    responses: { 200: dataBody(OutboxMessageSchema), 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
    metadata: { application: 'IAM' },
    summary: 'One message of the outbox (IAM administrators)',
  },
});
export type OutboxContract = typeof outboxContract;
