import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../audit/audit.js';
import type { AuthContext } from './sessions.js';
import type { AppContext } from '../../context.js';
import { rows, type Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';

/**
 * `POST /core/v1.0/auth/logout/{userId}/all`: ends every live session of the signed-in user — other browsers,
 * other devices and the calling one — and records how many in the audit trail, in one transaction. `sessionIds`:
 * the sessions ended, for the areas' sign-out steps (not part of the answer).
 */
export async function signOutEverywhere(ctx: AppContext, auth: AuthContext, userId: string, request: FastifyRequest) {
  if (userId !== auth.user.id) throw new HttpError(403, 'You can only sign yourself out.');
  const now = ctx.config.now();
  const ended = await ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const revoked = await rows<{ id: string }>(
      tx,
      sql`update sessions set revoked_at = ${now.toISOString()}
          where user_id = ${userId} and revoked_at is null returning id`,
    );
    await writeAudit(
      tx,
      {
        actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
        activity: `Signed out everywhere (${revoked.length} session${revoked.length === 1 ? '' : 's'} ended)`,
        resource: 'users',
        recordId: userId,
      },
      now,
    );
    return revoked.map((r) => r.id);
  });
  return {
    sessionIds: ended,
    result: { status: 200 as const, body: { data: { message: 'Signed out everywhere.', sessionsEnded: ended.length } } },
  };
}
