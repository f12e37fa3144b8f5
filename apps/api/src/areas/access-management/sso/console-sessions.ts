import { sql } from 'drizzle-orm';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { writeAudit } from '../../../platform/audit/audit.js';
import { rows, type Db } from '../../../platform/db/client.js';

/**
 * Which console session answered a browser's sign-in request, kept beside the provider's own rows (model
 * `ConsoleSession`, id = the console session's id, uid = the provider session's uid). The provider session and
 * the console session belong to the same browser; when the application logs the user out of the provider there,
 * the console session ends with it (decision 0052).
 */
export const CONSOLE_SESSION_MODEL = 'ConsoleSession';

/** What the console's answer leaves in the interaction result for the provider's resume step to pick up. */
export interface ConsoleSessionMark {
  readonly consoleSessionId: string;
}

const asTx = (tx: unknown) => tx as Db;

/** Links a console session to the provider session of the same browser (until the console session expires). */
export async function linkConsoleSession(db: Db, sessionUid: string, accountId: string, consoleSessionId: string) {
  await db.execute(
    sql`insert into sso_payloads (model, id, payload, account_id, uid, expires_at)
        select ${CONSOLE_SESSION_MODEL}, s.id::text, jsonb_build_object('sessionUid', ${sessionUid}::text), s.user_id::text,
               ${sessionUid}, s.expires_at
          from sessions s
         where s.id = ${consoleSessionId} and s.user_id = ${accountId} and s.revoked_at is null
        on conflict (model, id) do update set uid = excluded.uid, payload = excluded.payload, expires_at = excluded.expires_at`,
  );
}

/** Revokes the console sessions linked to a provider session that just ended, with an audit row for each. */
export async function endLinkedConsoleSessions(db: Db, sessionUid: string, at: Date, ip: string) {
  await db.transaction(async (txRaw) => {
    const tx = asTx(txRaw);
    const ended = await rows<{ user_id: string; email: string }>(
      tx,
      sql`with ended as (
            update sessions set revoked_at = ${at.toISOString()}
             where revoked_at is null
               and id in (select p.id::uuid from sso_payloads p where p.model = ${CONSOLE_SESSION_MODEL} and p.uid = ${sessionUid})
            returning id, user_id)
          select u.id as user_id, u.email from ended e join users u on u.id = e.user_id`,
    );
    await tx.execute(sql`delete from sso_payloads where model = ${CONSOLE_SESSION_MODEL} and uid = ${sessionUid}`);
    for (const user of ended) {
      await writeAudit(
        tx,
        {
          actor: { id: user.user_id, email: user.email, ip },
          activity: 'Signed out (single sign-on)',
          resource: 'users',
          recordId: user.user_id,
        },
        at,
      );
    }
  });
}

/**
 * Provider middleware that runs after each of its requests, before the answer leaves: a resumed sign-in that the
 * console answered links the console session to the browser's provider session; a confirmed logout that ended the
 * provider session ends the linked console sessions. Both are awaited, so the application that receives the browser
 * next sees them done.
 */
export function consoleSessionBridge(db: Db, now: () => Date) {
  return async (ctx: KoaContextWithOIDC, next: () => Promise<void>) => {
    await next();
    const oidc = (ctx as Partial<KoaContextWithOIDC>).oidc;
    if (!oidc) return;
    // `destroyed` is set by the provider when a logout ends the session; its types leave it out.
    const session = oidc.session as (KoaContextWithOIDC['oidc']['session'] & { destroyed?: boolean }) | undefined;
    if (oidc.route === 'resume') {
      const mark = (oidc.result as { campus?: Partial<ConsoleSessionMark> } | undefined)?.campus;
      if (mark?.consoleSessionId && session?.uid && session.accountId && !session.destroyed)
        await linkConsoleSession(db, session.uid, session.accountId, mark.consoleSessionId);
    } else if (oidc.route === 'end_session_confirm' && session?.destroyed && session.uid) {
      await endLinkedConsoleSessions(db, session.uid, now(), ctx.ip);
    }
  };
}
