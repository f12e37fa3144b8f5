import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { PasswordSchema, SignedInUserSchema, SignInSchema } from '@campus/domain-iam';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';
import { DEFAULT_LIMIT, MAX_LIMIT } from './list-query.js';

const c = initContract();

const email = z.string().trim().toLowerCase().max(254).email('Enter a valid email address.');
/** A password being presented (sign-in, current password): presence and size only, never the policy. */
const presentedPassword = z.string().min(1, 'Required').max(1024, 'At most 1024 characters.');

/** Sign-in input of `@campus/domain-iam`, with unknown fields rejected. */
export const SignInBodySchema = SignInSchema.strict();

export const SignInResultSchema = z.object({
  /** `cas.msc.` + 32 random bytes, base64url. */
  token: z.string(),
  userId: z.string().uuid(),
  /** True for a temporary password: the token can only change the password until it is changed. */
  mustChangePassword: z.boolean(),
  /** `verify`: the token only serves `POST /auth/second-factor` until a code is given; `enrol`: enrolment first. */
  secondFactor: z.enum(['verify', 'enrol']).optional(),
});
export type SignInResult = z.infer<typeof SignInResultSchema>;

/**
 * The signed-in user as `GET /core/v1.0/users/me` returns it (spec §3), plus email, the password flag and the
 * number of unread notices.
 */
export const CurrentUserSchema = SignedInUserSchema.extend({
  email: z.string(),
  mustChangePassword: z.boolean(),
  unreadNotifications: z.number().int().nonnegative(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

export const ChangePasswordSchema = z.object({ currentPassword: presentedPassword, newPassword: PasswordSchema }).strict();
export const RecoverySchema = z.object({ email }).strict();
const code = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code.');
export const VerifyResetSchema = z.object({ email, code }).strict();
export const ResetPasswordSchema = z.object({ email, code, newPassword: PasswordSchema }).strict();

export const AuditTrailSchema = z.object({
  _id: z.string().uuid(),
  actorId: z.string().uuid().nullable(),
  actorEmail: z.string().nullable(),
  activity: z.string(),
  resource: z.string().nullable(),
  recordId: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })).nullable(),
  ipAddress: z.string().nullable(),
  /** True for an activity a client reported (`POST /audit-trails`); false for what the API itself recorded. */
  reportedByClient: z.boolean(),
  createdAt: z.string(),
});
export type AuditTrail = z.infer<typeof AuditTrailSchema>;

export const CreateAuditTrailSchema = z
  .object({
    activity: z.string().trim().min(1, 'Required').max(500, 'At most 500 characters.'),
  })
  .strict();

const isoDateTime = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v), 'Enter a date (yyyy-mm-dd) or date and time.');

export const AuditTrailQuerySchema = z
  .object({
    actorId: z.string().uuid('actorId must be a user id (UUID).').optional(),
    resource: z.string().max(100).optional(),
    recordId: z.string().max(100).optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_LIMIT, `limit is at most ${MAX_LIMIT}.`).default(DEFAULT_LIMIT),
  })
  .strict();
export type AuditTrailQuery = z.infer<typeof AuditTrailQuerySchema>;

/** Reading the audit trail belongs to Analytics and Reports; IAM administrators may read it too. */
export const AUDIT_READ_APPLICATIONS = ['REPORTS', 'IAM'] as const;

const MessageDataSchema = z.object({ message: z.string() });
/**
 * A sign-out's answer: when the session had signed in to applications that must be told through the browser (single
 * logout), the address the browser goes to next; it comes back to the console's root path.
 */
export const SignedOutSchema = MessageDataSchema.extend({ continueTo: z.string().url().optional() });
/** How many sessions a sign-out everywhere ended, and where the browser goes next to sign out of applications (as above). */
export const SignedOutEverywhereSchema = SignedOutSchema.extend({ sessionsEnded: z.number().int() });

/** Sign-in, the signed-in user, sign-out, passwords and the audit trail. */
export const coreContract = c.router(
  guardedRouter({
  signIn: {
    method: 'POST',
    path: `${CORE_BASE}/auth`,
    body: SignInBodySchema,
    responses: { 200: dataBody(SignInResultSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    summary: 'Sign in with email and password',
    metadata: { public: true, rateLimited: true },
  },
  getCurrentUser: {
    method: 'GET',
    path: `${CORE_BASE}/users/me`,
    responses: { 200: dataBody(CurrentUserSchema), 401: ErrorBodySchema },
    summary: 'The signed-in user',
    metadata: { signedIn: true, temporaryPassword: true, secondFactorSteps: ['enrol'] },
  },
  signOut: {
    method: 'POST',
    path: `${CORE_BASE}/auth/logout/:userId`,
    pathParams: z.object({ userId: z.string().max(64) }),
    body: c.noBody(),
    responses: { 200: dataBody(SignedOutSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    summary: 'Sign out: revokes the calling token',
    metadata: { signedIn: true, temporaryPassword: true, secondFactorSteps: ['verify', 'enrol'] },
  },
  signOutEverywhere: {
    method: 'POST',
    path: `${CORE_BASE}/auth/logout/:userId/all`,
    pathParams: z.object({ userId: z.string().max(64) }),
    body: c.noBody(),
    responses: { 200: dataBody(SignedOutEverywhereSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    summary: "Sign out everywhere: revokes every token of the signed-in user, the calling one included",
    metadata: { signedIn: true, temporaryPassword: true },
  },
  changePassword: {
    method: 'POST',
    path: `${CORE_BASE}/auth/password`,
    body: ChangePasswordSchema,
    responses: { 200: dataBody(MessageDataSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    summary: "Change the signed-in user's password",
    metadata: { signedIn: true, temporaryPassword: true, rateLimited: true },
  },
  requestPasswordRecovery: {
    method: 'POST',
    path: `${CORE_BASE}/auth/recovery`,
    body: RecoverySchema,
    responses: { 202: dataBody(MessageDataSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
    summary: 'Send a password reset code (the answer never says whether the address exists)',
    metadata: { public: true, rateLimited: true },
  },
  verifyPasswordReset: {
    method: 'POST',
    path: `${CORE_BASE}/auth/reset/verify`,
    body: VerifyResetSchema,
    responses: { 200: dataBody(MessageDataSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
    summary: 'Check a password reset code',
    metadata: { public: true, rateLimited: true },
  },
  resetPassword: {
    method: 'POST',
    path: `${CORE_BASE}/auth/reset`,
    body: ResetPasswordSchema,
    responses: { 200: dataBody(MessageDataSchema), 400: ErrorBodySchema, 429: ErrorBodySchema },
    summary: 'Set a new password with a reset code',
    metadata: { public: true, rateLimited: true },
  },
  createAuditTrail: {
    method: 'POST',
    path: `${CORE_BASE}/audit-trails`,
    body: CreateAuditTrailSchema,
    responses: { 201: dataBody(AuditTrailSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    summary: "Report an activity of the signed-in user (marked as reported by the client; it names no record)",
    metadata: { signedIn: true },
  },
  listAuditTrails: {
    method: 'GET',
    path: `${CORE_BASE}/audit-trails`,
    query: AuditTrailQuerySchema,
    responses: { 200: listBody(AuditTrailSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    summary: 'List audit-trail entries (filter by actorId, resource, recordId, from, to)',
    metadata: { application: AUDIT_READ_APPLICATIONS },
  },
  }),
);
export type CoreContract = typeof coreContract;
