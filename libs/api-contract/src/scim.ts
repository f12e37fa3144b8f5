import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';

const c = initContract();

// SCIM 2.0 provisioning out (decision 0065): an application's SCIM endpoint, and the log of what was pushed to it.

export const SCIM_IAM_ADMIN_ONLY = 'Only an IAM administrator may read or change SCIM provisioning.';
export const SCIM_URL_RULE = 'The SCIM base URL is https (http only to this machine: localhost or 127.0.0.1).';

/** http only to the loopback host (tests, development); everything else https. No credentials, query or fragment. */
export function scimUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the SCIM base URL, e.g. https://scim.example.edu/scim/v2.';
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return SCIM_URL_RULE;
  if (url.username || url.password || url.search || url.hash) return 'A SCIM base URL has no user, query or fragment.';
  return null;
}

export const ScimTargetSettingsSchema = z
  .object({
    enabled: z.boolean(),
    baseUrl: z
      .string()
      .trim()
      .max(2048, 'At most 2048 characters.')
      .superRefine((value, ctx) => {
        const problem = scimUrlProblem(value);
        if (problem) ctx.addIssue({ code: z.ZodIssueCode.custom, message: problem });
      })
      .transform((value) => value.replace(/\/+$/, '')),
    /** Empty keeps the saved token; a new one replaces it. Never answered. */
    token: z.string().max(4096, 'At most 4096 characters.').default(''),
  })
  .strict();
export type ScimTargetSettings = z.infer<typeof ScimTargetSettingsSchema>;

export const SCIM_OPERATIONS = ['create', 'update', 'deactivate'] as const;
export type ScimOperation = (typeof SCIM_OPERATIONS)[number];
export const SCIM_OPERATION_LABELS: Record<ScimOperation, string> = { create: 'Create', update: 'Update', deactivate: 'Deactivate' };
export const SCIM_RESOURCE_TYPE_LABELS: Record<'User' | 'Group', string> = { User: 'User', Group: 'Group (role)' };

export const ScimDeliverySchema = z.object({
  id: z.string().uuid(),
  resourceType: z.enum(['User', 'Group']),
  localId: z.string().uuid(),
  /** The user's email (a user's only personal data here); a group's role name is read from the role. */
  label: z.string(),
  operation: z.enum(SCIM_OPERATIONS),
  httpStatus: z.number().int().nullable(),
  outcome: z.string(),
  succeeded: z.boolean(),
  attempt: z.number().int(),
  at: z.string(),
});
export type ScimDelivery = z.infer<typeof ScimDeliverySchema>;

export const ScimTargetSchema = z.object({
  applicationId: z.string().uuid(),
  configured: z.boolean(),
  enabled: z.boolean(),
  baseUrl: z.string(),
  hasToken: z.boolean(),
  updatedAt: z.string().nullable(),
  /** The latest 50 attempts, newest first. */
  deliveries: z.array(ScimDeliverySchema),
});
export type ScimTarget = z.infer<typeof ScimTargetSchema>;

const idParams = z.object({ id: z.string().uuid('Not an application id.') });
/** A page of the delivery log, newest first. */
export const ScimDeliveryQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100.').default(20),
  })
  .strict();
export type ScimDeliveryQuery = z.infer<typeof ScimDeliveryQuerySchema>;
const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/** An application's SCIM provisioning, on its edit screen (IAM administrators only). */
export const scimContract = c.router({
  getApplicationScim: {
    method: 'GET',
    path: `${CORE_BASE}/applications/:id/scim`,
    pathParams: idParams,
    responses: { 200: dataBody(ScimTargetSchema), ...errors },
    metadata: { application: 'IAM' },
    summary: "An application's SCIM provisioning and its latest deliveries",
  },
  saveApplicationScim: {
    method: 'PUT',
    path: `${CORE_BASE}/applications/:id/scim`,
    pathParams: idParams,
    body: ScimTargetSettingsSchema,
    responses: { 200: dataBody(ScimTargetSchema), 400: ErrorBodySchema, ...errors },
    metadata: { application: 'IAM' },
    summary: 'Turn SCIM provisioning of an application on or off, and set its base URL and token',
  },
  listApplicationScimDeliveries: {
    method: 'GET',
    path: `${CORE_BASE}/applications/:id/scim/deliveries`,
    pathParams: idParams,
    query: ScimDeliveryQuerySchema,
    responses: { 200: listBody(ScimDeliverySchema), 400: ErrorBodySchema, ...errors },
    metadata: { application: 'IAM' },
    summary: "A page of an application's SCIM delivery log, newest first",
  },
});
export type ScimContract = typeof scimContract;
