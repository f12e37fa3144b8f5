import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticatorTransport,
} from '@simplewebauthn/server';
import type { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '@campus/api-contract';
import { writeAudit, type Actor } from '../../../platform/audit/audit.js';
import { createSession, type AuthContext } from '../../../platform/auth/sessions.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { currentSettings, securityLimits } from '../../../platform/settings.js';
import type { AppContext } from '../../../context.js';
import { rememberDevice } from '../totp/remembered-device.js';

/** A challenge is good for one answer within this long (the browser's own timeout is the same). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Enough for every device a person signs in from; more is a mistake or an attack. */
export const MAX_PASSKEYS = 20;
export const PASSKEY_NOT_VERIFIED = 'The passkey could not be verified. Try again, or sign in with your password.';
export const PASSKEY_REGISTRATION_FAILED = 'The passkey could not be registered. Start again.';
export const PASSKEY_REQUIRED_FOR_ADMINS = 'IAM administrators must sign in with a passkey: use yours.';
export const LAST_REQUIRED_PASSKEY = 'IAM administrators must keep at least one passkey: register another before removing this one.';

type Purpose = 'register' | 'sign-in' | 'second-factor';

interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string[] | null;
  name: string;
  device_type: string;
  backed_up: boolean;
  created_at: string | Date;
  last_used_at: string | Date | null;
}

const asTx = (tx: unknown) => tx as Db;
const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
const view = (p: PasskeyRow) => ({
  _id: p.id,
  name: p.name,
  deviceType: p.device_type,
  backedUp: p.backed_up,
  createdAt: iso(p.created_at)!,
  lastUsedAt: iso(p.last_used_at),
});

/** Whether this account must sign in with a passkey: IAM administrators, when the system setting says so. */
export async function passkeyRequiredFor(ctx: AppContext, iamAdmin: boolean): Promise<boolean> {
  return iamAdmin && (await currentSettings(ctx.database, ctx.config)).passkeysRequiredForIamAdmins;
}

/**
 * The relying party: the console's public address (`CONSOLE_URL`) is the only origin a passkey answer may come from,
 * and its host name is the RP ID the credentials are scoped to (decision 0058).
 */
export function relyingParty(consoleUrl: string | undefined) {
  const url = new URL(consoleUrl ?? 'http://127.0.0.1:3000');
  return { rpID: url.hostname, origin: url.origin };
}

/**
 * Passkeys (WebAuthn) through SimpleWebAuthn (decision 0058): registration, the second factor with one, and signing in
 * with one alone. Every challenge is stored, answered once (it is deleted before the answer is checked) and expires;
 * a signature counter that does not move forward is refused and logged as a security event.
 */
export function passkeyArea(ctx: AppContext) {
  const { db, config } = ctx;
  const { rpID, origin } = relyingParty(config.consoleUrl);

  async function issueChallenge(purpose: Purpose, challenge: string, bound: { userId?: string; sessionId?: string }) {
    const now = config.now();
    // Expired challenges of anyone go on the way, so the table stays as small as the traffic of five minutes.
    await db.execute(sql`delete from webauthn_challenges where expires_at <= ${now.toISOString()}`);
    const [row] = await rows<{ id: string }>(
      db,
      sql`insert into webauthn_challenges (purpose, challenge, user_id, session_id, expires_at, created_at)
          values (${purpose}, ${challenge}, ${bound.userId ?? null}, ${bound.sessionId ?? null},
                  ${new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString()}, ${now.toISOString()})
          returning id`,
    );
    return row!.id;
  }

  /** Takes a challenge out, so that it can never be answered twice; undefined when it is unknown, expired or not the caller's. */
  async function takeChallenge(id: string, purpose: Purpose, bound: { userId?: string; sessionId?: string }) {
    const [row] = await rows<{ challenge: string; user_id: string | null; session_id: string | null; expires_at: string | Date }>(
      db,
      sql`delete from webauthn_challenges where id = ${id} and purpose = ${purpose}
          returning challenge, user_id, session_id, expires_at`,
    );
    if (!row || new Date(row.expires_at).getTime() <= config.now().getTime()) return undefined;
    if ((bound.userId && row.user_id !== bound.userId) || (bound.sessionId && row.session_id !== bound.sessionId)) return undefined;
    return row.challenge;
  }

  const passkeysOf = (userId: string) =>
    rows<PasskeyRow>(db, sql`select * from passkeys where user_id = ${userId} order by created_at, id`);

  /**
   * Checks an assertion against a stored passkey. The counter is judged here rather than by the library, after the
   * signature: only a genuine signature whose counter did not move forward is a cloned authenticator.
   */
  async function checkAssertion(
    passkey: PasskeyRow,
    response: PasskeyAuthenticationResponse,
    expectedChallenge: string,
    requireUserVerification: boolean,
    request: FastifyRequest,
    actor: Actor,
  ): Promise<number | undefined> {
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification,
        credential: {
          id: passkey.credential_id,
          publicKey: Buffer.from(passkey.public_key, 'base64url'),
          counter: 0,
          transports: (passkey.transports ?? []) as AuthenticatorTransport[],
        },
      });
      if (!result.verified) return undefined;
      newCounter = result.authenticationInfo.newCounter;
    } catch (error) {
      request.log.info({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'passkey answer refused');
      return undefined;
    }
    const stored = Number(passkey.counter);
    if ((newCounter > 0 || stored > 0) && newCounter <= stored) {
      // A security event: the passkey's own id only, never the account, its email or the client's address.
      request.log.warn({ securityEvent: 'passkey-counter-regression', passkey: passkey.id }, 'passkey refused: its signature counter went backwards');
      await writeAudit(
        db,
        { actor, activity: 'Refused a passkey whose signature counter went backwards', resource: 'users', recordId: passkey.user_id },
        config.now(),
      );
      return undefined;
    }
    return newCounter;
  }

  async function list(auth: AuthContext) {
    return { status: 200 as const, body: { data: (await passkeysOf(auth.user.id)).map(view) } };
  }

  async function startRegistration(auth: AuthContext) {
    const existing = await passkeysOf(auth.user.id);
    if (existing.length >= MAX_PASSKEYS) throw new HttpError(409, `An account can have at most ${MAX_PASSKEYS} passkeys.`);
    const { organisationName } = await currentSettings(ctx.database, config);
    const options = await generateRegistrationOptions({
      rpName: organisationName,
      rpID,
      userName: auth.user.email,
      userDisplayName: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.user.email,
      // The user handle is the account's id (no personal data); a passkey signs in the account it names.
      userID: new TextEncoder().encode(auth.user.id),
      attestationType: 'none',
      timeout: CHALLENGE_TTL_MS,
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: (p.transports ?? []) as AuthenticatorTransport[] })),
      // Discoverable, so that the same passkey can sign in without an email typed first.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const challengeId = await issueChallenge('register', options.challenge, { userId: auth.user.id });
    return { status: 200 as const, body: { data: { challengeId, options: options as unknown as Record<string, unknown> } } };
  }

  async function register(
    auth: AuthContext,
    body: { challengeId: string; name: string; response: PasskeyRegistrationResponse },
    request: FastifyRequest,
  ) {
    const refuse = () => new HttpError(400, PASSKEY_REGISTRATION_FAILED, { response: [PASSKEY_REGISTRATION_FAILED] });
    const expectedChallenge = await takeChallenge(body.challengeId, 'register', { userId: auth.user.id });
    if (!expectedChallenge) throw refuse();
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response: body.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: false,
      });
      if (!result.verified) throw refuse();
      info = result.registrationInfo;
    } catch (error) {
      if (error instanceof HttpError) throw error;
      request.log.info({ reason: error instanceof Error ? error.message.slice(0, 200) : 'unknown' }, 'passkey registration refused');
      throw refuse();
    }
    const now = config.now();
    const created = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      // The row lock orders two registrations of one account, so the limit holds.
      await tx.execute(sql`select 1 from users where id = ${auth.user.id} for update`);
      const [{ n } = { n: 0 }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from passkeys where user_id = ${auth.user.id}`);
      if (n >= MAX_PASSKEYS) throw new HttpError(409, `An account can have at most ${MAX_PASSKEYS} passkeys.`);
      const [row] = await rows<PasskeyRow>(
        tx,
        sql`insert into passkeys (user_id, credential_id, public_key, counter, transports, name, device_type, backed_up, created_at)
            values (${auth.user.id}, ${info.credential.id}, ${Buffer.from(info.credential.publicKey).toString('base64url')},
                    ${info.credential.counter}, ${`{${(info.credential.transports ?? []).map((t) => `"${t.replace(/[^a-z-]/g, '')}"`).join(',')}}`}::text[],
                    ${body.name}, ${info.credentialDeviceType}, ${info.credentialBackedUp}, ${now.toISOString()})
            on conflict (credential_id) do nothing
            returning *`,
      );
      if (!row) throw new HttpError(409, 'This passkey is already registered.');
      // A session that had to set up a second factor (or a passkey) has one now.
      if (auth.secondFactor === 'enrol') await tx.execute(sql`update sessions set second_factor = null where id = ${auth.sessionId}`);
      await writeAudit(
        tx,
        { actor: { id: auth.user.id, email: auth.user.email, ip: request.ip }, activity: `Registered a passkey (${body.name})`, resource: 'users', recordId: auth.user.id },
        now,
      );
      return row;
    });
    return { status: 200 as const, body: { data: view(created) } };
  }

  async function rename(auth: AuthContext, id: string, body: { name: string }, request: FastifyRequest) {
    const now = config.now();
    const renamed = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [row] = await rows<PasskeyRow>(
        tx,
        sql`update passkeys set name = ${body.name} where id = ${id} and user_id = ${auth.user.id} returning *`,
      );
      if (!row) throw new HttpError(404, 'Passkey not found.');
      await writeAudit(
        tx,
        { actor: { id: auth.user.id, email: auth.user.email, ip: request.ip }, activity: `Renamed a passkey to ${body.name}`, resource: 'users', recordId: auth.user.id },
        now,
      );
      return row;
    });
    return { status: 200 as const, body: { data: view(renamed) } };
  }

  async function remove(auth: AuthContext, id: string, request: FastifyRequest) {
    const now = config.now();
    const required = await passkeyRequiredFor(ctx, auth.user.iamAdmin);
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await tx.execute(sql`select 1 from users where id = ${auth.user.id} for update`);
      const [row] = await rows<PasskeyRow>(tx, sql`select * from passkeys where id = ${id} and user_id = ${auth.user.id}`);
      if (!row) throw new HttpError(404, 'Passkey not found.');
      if (required) {
        const [{ n } = { n: 0 }] = await rows<{ n: number }>(tx, sql`select count(*)::int as n from passkeys where user_id = ${auth.user.id}`);
        if (n <= 1) throw new HttpError(409, LAST_REQUIRED_PASSKEY);
      }
      await tx.execute(sql`delete from passkeys where id = ${id}`);
      await writeAudit(
        tx,
        { actor: { id: auth.user.id, email: auth.user.email, ip: request.ip }, activity: `Removed a passkey (${row.name})`, resource: 'users', recordId: auth.user.id },
        now,
      );
    });
    return { status: 200 as const, body: { data: { message: 'Passkey removed.' } } };
  }

  async function startSignIn() {
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CHALLENGE_TTL_MS });
    const challengeId = await issueChallenge('sign-in', options.challenge, {});
    return { status: 200 as const, body: { data: { challengeId, options: options as unknown as Record<string, unknown> } } };
  }

  /**
   * Signs in with a passkey alone: the authenticator verified its user (a PIN or a fingerprint), so the passkey is
   * both factors and no second step is owed. A deactivated or locked account is refused with the same answer.
   */
  async function signIn(body: { challengeId: string; response: PasskeyAuthenticationResponse }, request: FastifyRequest) {
    const now = config.now();
    const refuse = { status: 401 as const, body: { message: PASSKEY_NOT_VERIFIED } };
    const expectedChallenge = await takeChallenge(body.challengeId, 'sign-in', {});
    if (!expectedChallenge) return refuse;
    const [found] = await rows<PasskeyRow & { email: string; is_active: boolean; locked_until: string | Date | null; must_change_password: boolean }>(
      db,
      sql`select p.*, u.email, u.is_active, u.locked_until, u.must_change_password
            from passkeys p join users u on u.id = p.user_id where p.credential_id = ${body.response.id}`,
    );
    if (!found) {
      await writeAudit(db, { actor: { id: null, email: null, ip: request.ip }, activity: 'Failed sign-in: unknown passkey' }, now);
      return refuse;
    }
    const actor = { id: found.user_id, email: found.email, ip: request.ip };
    const counter = await checkAssertion(found, body.response, expectedChallenge, true, request, actor);
    if (counter === undefined) {
      await writeAudit(db, { actor, activity: 'Failed sign-in with a passkey', resource: 'users', recordId: found.user_id }, now);
      return refuse;
    }
    const locked = found.locked_until !== null && new Date(found.locked_until).getTime() > now.getTime();
    if (!found.is_active || locked) {
      await writeAudit(db, { actor, activity: locked ? 'Sign-in refused: account locked' : 'Sign-in refused: account deactivated', resource: 'users', recordId: found.user_id }, now);
      return refuse;
    }
    const limits = await securityLimits(ctx.database, config);
    const token = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await tx.execute(sql`update passkeys set counter = ${counter}, last_used_at = ${now.toISOString()} where id = ${found.id}`);
      await tx.execute(sql`update users set failed_sign_ins = 0, locked_until = null where id = ${found.user_id}`);
      const created = await createSession(tx, config, found.user_id, request, limits.sessionAbsoluteMs);
      await writeAudit(tx, { actor, activity: 'Signed in with a passkey', resource: 'users', recordId: found.user_id }, now);
      return created;
    });
    return { status: 200 as const, body: { data: { token, userId: found.user_id, mustChangePassword: found.must_change_password } } };
  }

  async function startSecondFactor(auth: AuthContext) {
    if (auth.secondFactor !== 'verify') throw new HttpError(400, 'This session needs no code.');
    const own = await passkeysOf(auth.user.id);
    if (!own.length) throw new HttpError(400, 'This account has no passkey.');
    const options = await generateAuthenticationOptions({
      rpID,
      userVerification: 'preferred',
      timeout: CHALLENGE_TTL_MS,
      allowCredentials: own.map((p) => ({ id: p.credential_id, transports: (p.transports ?? []) as AuthenticatorTransport[] })),
    });
    const challengeId = await issueChallenge('second-factor', options.challenge, { userId: auth.user.id, sessionId: auth.sessionId });
    return { status: 200 as const, body: { data: { challengeId, options: options as unknown as Record<string, unknown> } } };
  }

  /** The passkey after the password: the session is whole again, and the browser is remembered when asked. */
  async function verifySecondFactor(
    auth: AuthContext,
    body: { challengeId: string; response: PasskeyAuthenticationResponse; rememberDevice: boolean },
    request: FastifyRequest,
  ) {
    if (auth.secondFactor !== 'verify') throw new HttpError(400, 'This session needs no code.');
    const now = config.now();
    const actor = { id: auth.user.id, email: auth.user.email, ip: request.ip };
    const refuse = () => new HttpError(400, PASSKEY_NOT_VERIFIED, { response: [PASSKEY_NOT_VERIFIED] });
    const expectedChallenge = await takeChallenge(body.challengeId, 'second-factor', { userId: auth.user.id, sessionId: auth.sessionId });
    const [passkey] = expectedChallenge
      ? await rows<PasskeyRow>(db, sql`select * from passkeys where credential_id = ${body.response.id} and user_id = ${auth.user.id}`)
      : [];
    const counter = passkey && expectedChallenge ? await checkAssertion(passkey, body.response, expectedChallenge, false, request, actor) : undefined;
    if (!passkey || counter === undefined) {
      await writeAudit(db, { actor, activity: 'Failed second factor with a passkey', resource: 'users', recordId: auth.user.id }, now);
      throw refuse();
    }
    const rememberedDevice = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await tx.execute(sql`update passkeys set counter = ${counter}, last_used_at = ${now.toISOString()} where id = ${passkey.id}`);
      await tx.execute(sql`update sessions set second_factor = null where id = ${auth.sessionId}`);
      await tx.execute(sql`update users set failed_sign_ins = 0 where id = ${auth.user.id}`);
      const device = body.rememberDevice ? await rememberDevice(tx, auth.user.id, now) : undefined;
      await writeAudit(tx, { actor, activity: 'Passed the second factor with a passkey', resource: 'users', recordId: auth.user.id }, now);
      return device;
    });
    return { status: 200 as const, body: { data: rememberedDevice ? { rememberedDevice } : {} } };
  }

  return { list, startRegistration, register, rename, remove, startSignIn, signIn, startSecondFactor, verifySecondFactor };
}
