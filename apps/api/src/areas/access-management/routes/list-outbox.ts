import { and, count, desc, sql } from 'drizzle-orm';
import type { OutboxQuery } from '@campus/api-contract';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import type { AppContext } from '../../../context.js';
import { outbox } from '../../../platform/db/schema/outbox.js';
import { requireIamAdmin } from './require-iam-admin.js';

/** `GET /core/v1.0/outbox`: the kept mail, newest first, without bodies (IAM administrators only). */
export async function listOutbox(ctx: AppContext, auth: AuthContext, query: OutboxQuery) {
  requireIamAdmin(auth);
  const where = and(query.to ? sql`lower(${outbox.recipient}) = lower(${query.to})` : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ _id: outbox.id, to: outbox.recipient, subject: outbox.subject, createdAt: outbox.createdAt })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(outbox).where(where),
  ]);
  return {
    status: 200 as const,
    body: { rows: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), count: total?.n ?? 0 },
  };
}
