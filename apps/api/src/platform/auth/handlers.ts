import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { checkPassword } from '@campus/domain-iam';
import { writeAudit, type Actor } from '../audit/audit.js';
import type { AppContext } from '../../context.js';
import type { SessionSteps } from '../area.js';
import { rows, type Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { securityLimits } from '../settings.js';
import { loadCurrentUser } from './current-user.js';
import { resetCodeMessage } from './mailer.js';
import { decoyHash, hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeSession, revokeUserSessions, type AuthContext } from './sessions.js';
import { hashResetCode, newResetCode } from './tokens.js';

/** The one answer to a wrong password, an unknown email, a locked or a deactivated account. */
export const INVALID_CREDENTIALS = 'Incorrect email or password.';
export const RECOVERY_ACCEPTED = 'If the address belongs to an account, a reset code is on its way to it.';
export const INVALID_RESET_CODE = 'The code is invalid or has expired.';
/** Wrong codes tried against one reset before it is burnt. */
const RESET_ATTEMPTS = 5;

interface UserAuthRow {
  id: string;
  email: string;
  password_hash: string;
  is_active: boolean;
  failed_sign_ins: number;
  locked_until: string | Date | null;
  must_change_password: boolean;
}

const asTx = (tx: unknown) => tx as Db;

function actorOf(request: FastifyRequest, user?: { id: string; email: string } | null, email?: string): Actor {
  return { id: user?.id ?? null, email: user?.email ?? email ?? null, ip: request.ip };
}

async function findUser(db: Db, email: string): Promise<UserAuthRow | undefined> {
  const [user] = await rows<UserAuthRow>(
    db,
    sql`select id, email, password_hash, is_active, failed_sign_ins, locked_until, must_change_password
        from users where lower(email) = lower(${email})`,
  );
  return user;
}

/** The first answer of the areas' password checks elsewhere (`SessionSteps.checkPassword`), if any gives one. */
async function checkElsewhere(steps: readonly SessionSteps[], body: { email: string; password: string }, request: FastifyRequest) {
  for (const step of steps) {
    const verdict = await step.checkPassword?.(body, request);
    if (verdict) return verdict;
  }
  return undefined;
}

export function authHandlers(ctx: AppContext) {
  const { db, config } = ctx;
  const decoy = decoyHash(config.argon2);

  const isLocked = (user: { locked_until: string | Date | null }, now: Date) =>
    user.locked_until !== null && new Date(user.locked_until).getTime() > now.getTime();

  /**
   * Counts one failed password against an account in a single statement, so that parallel attempts each count
   * (a read followed by a write lets twenty parallel guesses count as one). The failure that reaches the
   * threshold locks the account and starts the count again.
   */
  async function countFailure(userId: string, actor: Actor, now: Date, what: string, activity: string): Promise<void> {
    const { lockoutThreshold, lockoutMs } = await securityLimits(ctx.database, config);
    const until = new Date(now.getTime() + lockoutMs).toISOString();
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const [row] = await rows<{ failed_sign_ins: number }>(
        tx,
        sql`update users set
              failed_sign_ins = case when failed_sign_ins + 1 >= ${lockoutThreshold} then 0 else failed_sign_ins + 1 end,
              locked_until = case when failed_sign_ins + 1 >= ${lockoutThreshold} then ${until}::timestamptz else locked_until end
            where id = ${userId}
            returning failed_sign_ins`,
      );
      const lockedNow = row?.failed_sign_ins === 0;
      await writeAudit(
        tx,
        {
          actor,
          activity: lockedNow ? `Account locked after ${lockoutThreshold} failed ${what}` : activity,
          resource: 'users',
          recordId: userId,
        },
        now,
      );
    });
  }

  async function signIn(body: { email: string; password: string }, request: FastifyRequest, steps: readonly SessionSteps[] = []) {
    const now = config.now();
    const refuse = { status: 401 as const, body: { message: INVALID_CREDENTIALS } };
    const found = await findUser(db, body.email);
    // An area may check the password elsewhere (a directory, which also creates the account); a locked one is not asked.
    const elsewhere = found && isLocked(found, now) ? undefined : await checkElsewhere(steps, body, request);
    const user = elsewhere?.matches ? await findUser(db, body.email) : found;
    if (!user) {
      if (!elsewhere) await verifyPassword(await decoy, body.password);
      await writeAudit(db, { actor: actorOf(request, null, body.email), activity: 'Failed sign-in: unknown email' }, now);
      return refuse;
    }
    const actor = actorOf(request, user);
    if (isLocked(user, now)) {
      await verifyPassword(await decoy, body.password);
      await writeAudit(db, { actor, activity: 'Sign-in refused: account locked', resource: 'users', recordId: user.id }, now);
      return refuse;
    }
    const matches = elsewhere ? elsewhere.matches : await verifyPassword(user.password_hash, body.password);
    if (!matches || !user.is_active) {
      await countFailure(user.id, actor, now, 'sign-ins', 'Failed sign-in');
      return refuse;
    }
    const limits = await securityLimits(ctx.database, config);
    const token = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await tx.execute(sql`update users set failed_sign_ins = 0, locked_until = null where id = ${user.id}`);
      const created = await createSession(tx, config, user.id, request, limits.sessionAbsoluteMs);
      await writeAudit(tx, { actor, activity: 'Signed in', resource: 'users', recordId: user.id }, now);
      return created;
    });
    return {
      status: 200 as const,
      body: { data: { token, userId: user.id, mustChangePassword: user.must_change_password } },
    };
  }

  async function currentUser(auth: AuthContext) {
    const user = await loadCurrentUser(ctx.database, auth.user.id);
    if (!user) throw new HttpError(401, 'Your session has expired. Please sign in again.');
    return { status: 200 as const, body: { data: user } };
  }

  async function signOut(auth: AuthContext, userId: string, request: FastifyRequest) {
    if (userId !== auth.user.id) throw new HttpError(403, 'You can only sign yourself out.');
    const now = config.now();
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await revokeSession(tx, auth.sessionId, now);
      await writeAudit(tx, { actor: actorOf(request, auth.user), activity: 'Signed out', resource: 'users', recordId: userId }, now);
    });
    return { status: 200 as const, body: { data: { message: 'Signed out.' } } };
  }

  async function changePassword(
    auth: AuthContext,
    body: { currentPassword: string; newPassword: string },
    request: FastifyRequest,
  ) {
    const now = config.now();
    const wrong = () =>
      new HttpError(400, 'The current password is incorrect.', { currentPassword: ['The current password is incorrect.'] });
    const [row] = await rows<{ password_hash: string; locked_until: string | Date | null }>(
      db,
      sql`select password_hash, locked_until from users where id = ${auth.user.id}`,
    );
    if (!row) throw wrong();
    // A locked account takes no guess here either: a stolen token must not keep trying the current password.
    if (isLocked(row, now)) {
      await verifyPassword(await decoy, body.currentPassword);
      throw wrong();
    }
    if (!(await verifyPassword(row.password_hash, body.currentPassword))) {
      await countFailure(auth.user.id, actorOf(request, auth.user), now, 'password checks', 'Failed password change: wrong current password');
      throw wrong();
    }
    if (body.currentPassword === body.newPassword) {
      const message = 'Choose a password different from the current one.';
      throw new HttpError(400, message, { newPassword: [message] });
    }
    const problems = checkPassword(body.newPassword, (await securityLimits(ctx.database, config)).passwordMinLength);
    if (problems.length) throw new HttpError(400, problems[0]!, { newPassword: problems });
    const hash = await hashPassword(body.newPassword, config.argon2);
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      await tx.execute(
        sql`update users set password_hash = ${hash}, must_change_password = false, failed_sign_ins = 0,
            password_changed_at = ${now.toISOString()} where id = ${auth.user.id}`,
      );
      // Other sessions end; the one that changed the password carries on.
      await revokeUserSessions(tx, auth.user.id, now, auth.sessionId);
      await writeAudit(tx, { actor: actorOf(request, auth.user), activity: 'Changed password', resource: 'users', recordId: auth.user.id }, now);
    });
    return { status: 200 as const, body: { data: { message: 'Password changed.' } } };
  }

  /**
   * Answers at once and looks the address up afterwards: an address with an account costs a transaction and a
   * mail, one without a single read, and an answer that waited for either would tell them apart by its timing.
   */
  async function requestRecovery(body: { email: string }, request: FastifyRequest) {
    const ip = request.ip;
    const log = request.log;
    ctx.afterAnswer.run('password recovery', () => sendRecoveryCode(body.email, ip, log));
    return { status: 202 as const, body: { data: { message: RECOVERY_ACCEPTED } } };
  }

  async function sendRecoveryCode(email: string, ip: string, log: FastifyRequest['log']) {
    const user = await findUser(db, email);
    if (user?.is_active) {
      const now = config.now();
      const code = newResetCode();
      await db.transaction(async (txRaw) => {
        const tx = asTx(txRaw);
        // A new code replaces any earlier one.
        await tx.execute(sql`update password_resets set used_at = ${now.toISOString()} where user_id = ${user.id} and used_at is null`);
        await tx.execute(
          sql`insert into password_resets (user_id, code_hash, created_at, expires_at)
              values (${user.id}, ${hashResetCode(code, user.id, config.sessionSecret)}, ${now.toISOString()},
                      ${new Date(now.getTime() + config.resetCodeTtlMs).toISOString()})`,
        );
        await writeAudit(tx, { actor: { id: user.id, email: user.email, ip }, activity: 'Requested a password reset code', resource: 'users', recordId: user.id }, now);
      });
      await ctx.mailer
        .send(resetCodeMessage(user.email, code, Math.round(config.resetCodeTtlMs / 60000)))
        .catch((error: unknown) => log.error({ err: error }, 'sending a reset code failed'));
    }
  }

  /** Finds the live reset of an email whose code matches, counting a wrong code against it. */
  async function matchingReset(tx: Db, email: string, code: string) {
    const user = await findUser(tx, email);
    if (!user?.is_active) return undefined;
    const now = config.now();
    const [reset] = await rows<{ id: string; code_hash: string; failed_attempts: number }>(
      tx,
      sql`select id, code_hash, failed_attempts from password_resets
          where user_id = ${user.id} and used_at is null and expires_at > ${now.toISOString()}
          order by created_at desc limit 1 for update`,
    );
    if (!reset) return undefined;
    if (reset.code_hash !== hashResetCode(code, user.id, config.sessionSecret)) {
      const burnt = reset.failed_attempts + 1 >= RESET_ATTEMPTS;
      await tx.execute(
        sql`update password_resets set failed_attempts = failed_attempts + 1
            ${burnt ? sql`, used_at = ${now.toISOString()}` : sql``} where id = ${reset.id}`,
      );
      return undefined;
    }
    return { user, resetId: reset.id };
  }

  async function verifyReset(body: { email: string; code: string }) {
    const match = await db.transaction((tx) => matchingReset(asTx(tx), body.email, body.code));
    if (!match) throw new HttpError(400, INVALID_RESET_CODE, { code: [INVALID_RESET_CODE] });
    return { status: 200 as const, body: { data: { message: 'The code is valid.' } } };
  }

  async function resetPassword(body: { email: string; code: string; newPassword: string }, request: FastifyRequest) {
    const problems = checkPassword(body.newPassword, (await securityLimits(ctx.database, config)).passwordMinLength);
    if (problems.length) throw new HttpError(400, problems[0]!, { newPassword: problems });
    const hash = await hashPassword(body.newPassword, config.argon2);
    const now = config.now();
    const ok = await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const match = await matchingReset(tx, body.email, body.code);
      if (!match) return false;
      await tx.execute(sql`update password_resets set used_at = ${now.toISOString()} where id = ${match.resetId}`);
      await tx.execute(
        sql`update users set password_hash = ${hash}, must_change_password = false, failed_sign_ins = 0,
            locked_until = null, password_changed_at = ${now.toISOString()} where id = ${match.user.id}`,
      );
      await revokeUserSessions(tx, match.user.id, now);
      await writeAudit(tx, { actor: actorOf(request, match.user), activity: 'Reset password with a code', resource: 'users', recordId: match.user.id }, now);
      return true;
    });
    if (!ok) throw new HttpError(400, INVALID_RESET_CODE, { code: [INVALID_RESET_CODE] });
    return { status: 200 as const, body: { data: { message: 'Password reset. Sign in with the new password.' } } };
  }

  return { signIn, currentUser, signOut, changePassword, requestRecovery, verifyReset, resetPassword };
}
