import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { SignInResultSchema } from './core.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();

/** base64url as WebAuthn's JSON forms carry binary values; bounded so a body cannot be made huge. */
const b64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/, 'Not base64url.');

/** What `navigator.credentials.create()` answers, as JSON (`RegistrationResponseJSON`). */
export const PasskeyRegistrationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: b64url(4000),
      attestationObject: b64url(20_000),
      authenticatorData: b64url(20_000).optional(),
      transports: z.array(z.string().max(20)).max(10).optional(),
      publicKeyAlgorithm: z.number().int().optional(),
      publicKey: b64url(4000).optional(),
    })
    .strip(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.unknown()).default({}),
});
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponseSchema>;

/** What `navigator.credentials.get()` answers, as JSON (`AuthenticationResponseJSON`). */
export const PasskeyAuthenticationResponseSchema = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  response: z
    .object({
      clientDataJSON: b64url(4000),
      authenticatorData: b64url(20_000),
      signature: b64url(2000),
      userHandle: b64url(200).optional(),
    })
    .strip(),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.unknown()).default({}),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponseSchema>;

export const PasskeyNameSchema = z.string().trim().min(1, 'Required').max(60, 'At most 60 characters.');

/** One of the signed-in user's passkeys (never its key or credential id). */
export const PasskeySchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  /** `multiDevice` (synced, e.g. by a password manager) or `singleDevice` (a security key). */
  deviceType: z.string(),
  backedUp: z.boolean(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof PasskeySchema>;

/**
 * A ceremony the server started: the options to hand to the browser's WebAuthn call (the JSON form of
 * `PublicKeyCredentialCreationOptions` or `…RequestOptions`), and the id of the single-use challenge in them.
 */
export const PasskeyCeremonySchema = z.object({
  challengeId: z.string().uuid(),
  options: z.record(z.unknown()),
});
export type PasskeyCeremony = z.infer<typeof PasskeyCeremonySchema>;

const challengeId = z.string().uuid('Start again: the passkey request is not valid.');

export const RegisterPasskeySchema = z
  .object({ challengeId, name: PasskeyNameSchema, response: PasskeyRegistrationResponseSchema })
  .strict();
export const RenamePasskeySchema = z.object({ name: PasskeyNameSchema }).strict();
export const SignInWithPasskeySchema = z.object({ challengeId, response: PasskeyAuthenticationResponseSchema }).strict();
export const VerifyPasskeySecondFactorSchema = SignInWithPasskeySchema.extend({
  rememberDevice: z.boolean().default(false),
}).strict();

const idParams = z.object({ id: z.string().uuid('Not a passkey id.') });
const ME = `${CORE_BASE}/users/me/passkeys`;

/** Passkeys (WebAuthn, decision 0058): the user's own, the second factor with one, and signing in with one alone. */
export const passkeyContract = c.router({
  listPasskeys: {
    method: 'GET',
    path: ME,
    responses: { 200: dataBody(z.array(PasskeySchema)), 401: ErrorBodySchema },
    metadata: { signedIn: true, secondFactorSteps: ['enrol'] },
    summary: "The signed-in user's passkeys",
  },
  startPasskeyRegistration: {
    method: 'POST',
    path: `${ME}/options`,
    body: c.noBody(),
    responses: { 200: dataBody(PasskeyCeremonySchema), 401: ErrorBodySchema, 409: ErrorBodySchema },
    metadata: { signedIn: true, secondFactorSteps: ['enrol'] },
    summary: 'Start registering a passkey: the creation options with a new challenge (single use, five minutes)',
  },
  registerPasskey: {
    method: 'POST',
    path: ME,
    body: RegisterPasskeySchema,
    responses: { 200: dataBody(PasskeySchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema },
    metadata: { signedIn: true, secondFactorSteps: ['enrol'] },
    summary: "Keep a new passkey under a name, once the authenticator's answer to the challenge is verified",
  },
  renamePasskey: {
    method: 'PATCH',
    path: `${ME}/:id`,
    pathParams: idParams,
    body: RenamePasskeySchema,
    responses: { 200: dataBody(PasskeySchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema },
    metadata: { signedIn: true },
    summary: 'Rename one of your passkeys',
  },
  removePasskey: {
    method: 'DELETE',
    path: `${ME}/:id`,
    pathParams: idParams,
    body: c.noBody(),
    responses: { 200: dataBody(z.object({ message: z.string() })), 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema },
    metadata: { signedIn: true },
    summary: 'Remove one of your passkeys (refused for the last one of an account that must use passkeys)',
  },
  startPasskeySignIn: {
    method: 'POST',
    path: `${CORE_BASE}/auth/passkey/options`,
    body: c.noBody(),
    responses: { 200: dataBody(PasskeyCeremonySchema), 429: ErrorBodySchema },
    metadata: { public: true, rateLimited: true },
    summary: 'Start signing in with a passkey alone: request options with a new challenge (single use, five minutes)',
  },
  signInWithPasskey: {
    method: 'POST',
    path: `${CORE_BASE}/auth/passkey`,
    body: SignInWithPasskeySchema,
    responses: { 200: dataBody(SignInResultSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    metadata: { public: true, rateLimited: true },
    summary: 'Sign in with a passkey (verified by the authenticator: no password and no second step)',
  },
  startPasskeySecondFactor: {
    method: 'POST',
    path: `${CORE_BASE}/auth/second-factor/passkey/options`,
    body: c.noBody(),
    responses: { 200: dataBody(PasskeyCeremonySchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 429: ErrorBodySchema },
    metadata: { signedIn: true, rateLimited: true, temporaryPassword: true, secondFactorSteps: ['verify'] },
    summary: "After the password: request options for the second factor with one of the user's passkeys",
  },
  verifyPasskeySecondFactor: {
    method: 'POST',
    path: `${CORE_BASE}/auth/second-factor/passkey`,
    body: VerifyPasskeySecondFactorSchema,
    responses: {
      200: dataBody(z.object({ rememberedDevice: z.string().optional() })),
      400: ErrorBodySchema,
      401: ErrorBodySchema,
      429: ErrorBodySchema,
    },
    metadata: { signedIn: true, rateLimited: true, temporaryPassword: true, secondFactorSteps: ['verify'] },
    summary: "After the password: the passkey's answer as the second factor",
  },
});
export type PasskeyContract = typeof passkeyContract;
