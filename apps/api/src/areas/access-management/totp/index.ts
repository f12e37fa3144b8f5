import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import { revokeSession, revokeUserSessions } from '../../../platform/auth/sessions.js';
import { hashResetCode, hashToken } from '../../../platform/auth/tokens.js';
import type { AppContext } from '../../../context.js';
import { currentSettings, securityLimits } from '../../../platform/settings.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { ssoSealer } from '../sso/keys.js';
import { passkeyRequiredFor, PASSKEY_REQUIRED_FOR_ADMINS } from '../passkeys/index.js';
import { rememberDevice } from './remembered-device.js';

export { REMEMBER_DEVICE_MS } from './remembered-device.js';
export const RECOVERY_CODE_COUNT = 10;
/** The header the console sends the remembered-device token in (from its `msc.device` cookie). */
export const DEVICE_HEADER = 'x-remembered-device';
export const INVALID_CODE =
  'The code is not valid. Enter the current code from your authenticator app or an unused recovery code.';
const ISSUER = 'Campus Administration System';
const PERIOD = 30;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const asTx = (tx: unknown) => tx as Db;
const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function newRecoveryCode(): string {
  const chars = Array.from(
    { length: 10 },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!,
  ).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/**
 * Two-factor sign-in (decision 0015): TOTP secrets sealed like client secrets, ten recovery codes stored as keyed
 * hashes, a session that owes the second factor can do nothing else, and wrong codes count toward the lockout.
 */
export function totpArea(ctx: AppContext) {
  const { db, config } = ctx;
  const box = ssoSealer(config);
  const requiredForAdmins = Boolean(config.totpRequiredForAdmins);
  /**
   * Whether a user must sign in with a second factor: every user when the system setting "two-factor mandatory"
   * is on (read at each call, so a change needs no restart), IAM administrators when `TOTP_REQUIRED_FOR_ADMINS` is.
   */
  const requiredFor = async (iamAdmin: boolean) =>
    (requiredForAdmins && iamAdmin) || (await currentSettings(ctx.database, config)).twoFactorMandatory;
  const hashRecovery = (userId: string, code: string) =>
    hashResetCode(normaliseRecovery(code), userId, `${config.sessionSecret}:recovery`);

  /** Matches a six-digit code at the configured clock (one step either side), never a step used before. */
  function matchingStep(
    secret: string,
    email: string,
    code: string,
    lastStep: number | null,
  ): number | undefined {
    if (!/^\d{6}$/.test(code)) return undefined;
    const timestamp = config.now().getTime();
    const delta = totpFor(secret, email).validate({ token: code, timestamp, window: 1 });
    if (delta === null) return undefined;
    const step = Math.floor(timestamp / 1000 / PERIOD) + delta;
    return lastStep !== null && step <= lastStep ? undefined : step;
  }

  /**
   * After a correct password: marks the new session as owing the second factor when the user has one (an authenticator
   * app or a passkey; unless this browser is remembered), or owing an enrolment when a setting makes one mandatory: a
   * passkey for an IAM administrator without one when passkeys are required of them (decision 0058).
   */
  async function afterPassword(
    token: string,
    userId: string,
    request: FastifyRequest,
  ): Promise<'verify' | 'enrol' | undefined> {
    const [user] = await rows<{ iam_admin: boolean; confirmed: boolean | null; passkeys: number }>(
      db,
      sql`select u.iam_admin, f.confirmed_at is not null as confirmed,
                 (select count(*)::int from passkeys p where p.user_id = u.id) as passkeys
            from users u left join totp_factors f on f.user_id = u.id where u.id = ${userId}`,
    );
    if (!user) return undefined;
    let owed: 'verify' | 'enrol' | undefined;
    if (!user.passkeys && (await passkeyRequiredFor(ctx, user.iam_admin))) {
      owed = 'enrol';
    } else if (user.confirmed || user.passkeys > 0) {
      const device = request.headers[DEVICE_HEADER];
      const remembered =
        typeof device === 'string' && device.length <= 100
          ? await rows(
              db,
              sql`select 1 from remembered_devices where token_hash = ${hashToken(device)} and user_id = ${userId}
                  and expires_at > ${config.now().toISOString()}`,
            )
          : [];
      if (!remembered.length) owed = 'verify';
    } else if (await requiredFor(user.iam_admin)) {
      owed = 'enrol';
    }
    if (owed)
      await db.execute(
        sql`update sessions set second_factor = ${owed} where token_hash = ${hashToken(token)}`,
      );
    return owed;
  }

  async function status(auth: AuthContext) {
    const [row] = await rows<{ enrolled: boolean; left: number; iam_admin: boolean; passkeys: number }>(
      db,
      sql`select coalesce((select confirmed_at is not null from totp_factors where user_id = u.id), false) as enrolled,
                 (select count(*)::int from totp_recovery_codes where user_id = u.id and used_at is null) as left,
                 (select count(*)::int from passkeys where user_id = u.id) as passkeys,
                 u.iam_admin
            from users u where u.id = ${auth.user.id}`,
    );
    const enrolled = Boolean(row?.enrolled);
    return {
      status: 200 as const,
      body: {
        data: {
          enrolled,
          recoveryCodesLeft: enrolled ? (row?.left ?? 0) : 0,
          required: enrolled || (await requiredFor(Boolean(row?.iam_admin))),
          passkeys: row?.passkeys ?? 0,
          passkeyRequired: await passkeyRequiredFor(ctx, Boolean(row?.iam_admin)),
        },
      },
    };
  }

  async function startEnrolment(auth: AuthContext) {
    const [existing] = await rows<{ confirmed_at: unknown }>(
      db,
      sql`select confirmed_at from totp_factors where user_id = ${auth.user.id}`,
    );
    if (existing?.confirmed_at)
      throw new HttpError(409, 'Two-factor sign-in is already on for this account.');
    const secret = new Secret({ size: 20 }).base32;
    await db.execute(
      sql`insert into totp_factors (user_id, secret_ciphertext, created_at) values (${auth.user.id}, ${box.sealText(secret)}, ${config.now().toISOString()})
          on conflict (user_id) do update set secret_ciphertext = excluded.secret_ciphertext, created_at = excluded.created_at,
            confirmed_at = null, last_step = null`,
    );
    const otpauthUri = totpFor(secret, auth.user.email).toString();
    return { status: 200 as const, body: { data: { secret, otpauthUri, qrSvg: renderSVG(otpauthUri) } } };
  }

  async function confirmEnrolment(auth: AuthContext, body: { code: string }, request: FastifyRequest) {
    const now = config.now();
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [factor] = await rows<{ secret_ciphertext: string; confirmed_at: unknown }>(
        tx,
        sql`select secret_ciphertext, confirmed_at from totp_factors where user_id = ${auth.user.id} for update`,
      );
      if (!factor || factor.confirmed_at)
        throw new HttpError(400, 'Start the enrolment again.', { code: ['Start the enrolment again.'] });
      const step = matchingStep(box.openText(factor.secret_ciphertext), auth.user.email, body.code.trim(), null);
      if (step === undefined) throw new HttpError(400, INVALID_CODE, { code: [INVALID_CODE] });
      await tx.execute(
        sql`update totp_factors set confirmed_at = ${now.toISOString()}, last_step = ${step} where user_id = ${auth.user.id}`,
      );
      await tx.execute(sql`delete from totp_recovery_codes where user_id = ${auth.user.id}`);
      for (const code of codes) {
        await tx.execute(
          sql`insert into totp_recovery_codes (user_id, code_hash) values (${auth.user.id}, ${hashRecovery(auth.user.id, code)})`,
        );
      }
      // An authenticator app does not stand in for a passkey an IAM administrator must have.
      const passkeyOwed =
        (await passkeyRequiredFor(ctx, auth.user.iamAdmin)) &&
        !(await rows(tx, sql`select 1 from passkeys where user_id = ${auth.user.id} limit 1`)).length;
      if (auth.secondFactor === 'enrol' && !passkeyOwed)
        await tx.execute(sql`update sessions set second_factor = null where id = ${auth.sessionId}`);
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: 'Turned on two-factor sign-in',
          resource: 'users',
          recordId: auth.user.id,
        },
        now,
      );
    });
    return { status: 200 as const, body: { data: { recoveryCodes: codes } } };
  }

  async function verify(
    auth: AuthContext,
    body: { code: string; rememberDevice: boolean },
    request: FastifyRequest,
  ) {
    if (auth.secondFactor !== 'verify') throw new HttpError(400, 'This session needs no code.');
    if (await passkeyRequiredFor(ctx, auth.user.iamAdmin))
      throw new HttpError(400, PASSKEY_REQUIRED_FOR_ADMINS, { code: [PASSKEY_REQUIRED_FOR_ADMINS] });
    const now = config.now();
    const actor = { id: auth.user.id, email: auth.user.email, ip: request.ip };
    const { lockoutThreshold, lockoutMs } = await securityLimits(ctx.database, config);
    const outcome = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [factor] = await rows<{ secret_ciphertext: string; last_step: number | string | null }>(
        tx,
        sql`select secret_ciphertext, last_step from totp_factors where user_id = ${auth.user.id} and confirmed_at is not null for update`,
      );
      if (!factor) throw new HttpError(400, 'This session needs no code.');
      const code = body.code.trim();
      const lastStep = factor.last_step === null ? null : Number(factor.last_step);
      const step = matchingStep(box.openText(factor.secret_ciphertext), auth.user.email, code, lastStep);
      let activity = 'Passed the second factor';
      if (step !== undefined) {
        await tx.execute(sql`update totp_factors set last_step = ${step} where user_id = ${auth.user.id}`);
      } else {
        const [used] = await rows<{ id: string }>(
          tx,
          sql`update totp_recovery_codes set used_at = ${now.toISOString()}
              where id = (select id from totp_recovery_codes where user_id = ${auth.user.id} and used_at is null
                            and code_hash = ${hashRecovery(auth.user.id, code)} limit 1)
              returning id`,
        );
        if (!used) {
          // A wrong code counts like a wrong password; at the threshold the account locks and this session ends.
          const [user] = await rows<{ failed_sign_ins: number }>(
            tx,
            sql`select failed_sign_ins from users where id = ${auth.user.id} for update`,
          );
          const failures = (user?.failed_sign_ins ?? 0) + 1;
          if (failures >= lockoutThreshold) {
            await tx.execute(
              sql`update users set failed_sign_ins = 0, locked_until = ${new Date(now.getTime() + lockoutMs).toISOString()} where id = ${auth.user.id}`,
            );
            await revokeSession(tx, auth.sessionId, now);
            await writeAudit(
              tx,
              {
                actor,
                activity: `Account locked after ${failures} failed sign-ins`,
                resource: 'users',
                recordId: auth.user.id,
              },
              now,
            );
            return { locked: true as const };
          }
          await tx.execute(sql`update users set failed_sign_ins = ${failures} where id = ${auth.user.id}`);
          await writeAudit(
            tx,
            { actor, activity: 'Failed second factor', resource: 'users', recordId: auth.user.id },
            now,
          );
          return { wrong: true as const };
        }
        activity = 'Passed the second factor with a recovery code';
      }
      await tx.execute(sql`update sessions set second_factor = null where id = ${auth.sessionId}`);
      await tx.execute(sql`update users set failed_sign_ins = 0 where id = ${auth.user.id}`);
      const rememberedDevice = body.rememberDevice ? await rememberDevice(tx, auth.user.id, now) : undefined;
      await writeAudit(tx, { actor, activity, resource: 'users', recordId: auth.user.id }, now);
      const [left] = await rows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from totp_recovery_codes where user_id = ${auth.user.id} and used_at is null`,
      );
      return { rememberedDevice, recoveryCodesLeft: left?.n ?? 0 };
    });
    if ('locked' in outcome)
      throw new HttpError(
        401,
        'Too many wrong codes: the account is locked for a while. Sign in again later.',
      );
    if ('wrong' in outcome) throw new HttpError(400, INVALID_CODE, { code: [INVALID_CODE] });
    return { status: 200 as const, body: { data: outcome } };
  }

  /** Deletes the factor, its recovery codes and the remembered devices of a user, in the caller's transaction. */
  async function removeFactor(tx: Db, userId: string) {
    await tx.execute(sql`delete from totp_recovery_codes where user_id = ${userId}`);
    await tx.execute(sql`delete from remembered_devices where user_id = ${userId}`);
    const removed = await rows(tx, sql`delete from totp_factors where user_id = ${userId} returning user_id`);
    return removed.length > 0;
  }

  /** The user turns their own factor off, proving it with a current code or an unused recovery code. */
  async function turnOff(auth: AuthContext, body: { code: string }, request: FastifyRequest) {
    if (requiredForAdmins && auth.user.iamAdmin)
      throw new HttpError(409, 'Two-factor sign-in is required for IAM administrators and cannot be turned off.');
    if ((await currentSettings(ctx.database, config)).twoFactorMandatory)
      throw new HttpError(409, 'Two-factor sign-in is mandatory for every account and cannot be turned off.');
    const now = config.now();
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [factor] = await rows<{ secret_ciphertext: string; last_step: number | string | null }>(
        tx,
        sql`select secret_ciphertext, last_step from totp_factors where user_id = ${auth.user.id} and confirmed_at is not null for update`,
      );
      if (!factor) throw new HttpError(409, 'Two-factor sign-in is not on for this account.');
      const code = body.code.trim();
      const lastStep = factor.last_step === null ? null : Number(factor.last_step);
      const byApp = matchingStep(box.openText(factor.secret_ciphertext), auth.user.email, code, lastStep) !== undefined;
      const byRecovery =
        !byApp &&
        (
          await rows(
            tx,
            sql`select 1 from totp_recovery_codes where user_id = ${auth.user.id} and used_at is null
                and code_hash = ${hashRecovery(auth.user.id, code)}`,
          )
        ).length > 0;
      if (!byApp && !byRecovery) throw new HttpError(400, INVALID_CODE, { code: [INVALID_CODE] });
      await removeFactor(tx, auth.user.id);
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: 'Turned off two-factor sign-in',
          resource: 'users',
          recordId: auth.user.id,
        },
        now,
      );
    });
    return status(auth);
  }

  /**
   * An IAM administrator resets another user's factor (lost phone and codes): the factor, codes and remembered
   * devices go, and the user's sessions end. Only an iamAdmin may reset an iamAdmin's; nobody resets their own here.
   */
  async function resetFor(auth: AuthContext, userId: string, request: FastifyRequest) {
    if (userId === auth.user.id)
      throw new HttpError(400, 'Turn off your own two-factor sign-in from your profile.');
    const now = config.now();
    const reset = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [target] = await rows<{ iam_admin: boolean }>(tx, sql`select iam_admin from users where id = ${userId} for update`);
      if (!target) throw new HttpError(404, 'User not found.');
      if (target.iam_admin && !auth.user.iamAdmin)
        throw new HttpError(403, "Only an IAM administrator can reset an IAM administrator's two-factor sign-in.");
      // A lost phone takes its passkeys with it: they go too.
      const passkeys = await rows(tx, sql`delete from passkeys where user_id = ${userId} returning id`);
      const removed = (await removeFactor(tx, userId)) || passkeys.length > 0;
      if (!removed) return false;
      await revokeUserSessions(tx, userId, now);
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: 'Reset two-factor sign-in',
          resource: 'users',
          recordId: userId,
        },
        now,
      );
      return true;
    });
    return { status: 200 as const, body: { data: { reset } } };
  }

  return { afterPassword, status, startEnrolment, confirmEnrolment, verify, turnOff, resetFor };
}
