import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditTrailQuery } from '@campus/api-contract';
import type { AppContext } from '../../context.js';
import { rows } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { RateLimiter } from '../auth/rate-limit.js';
import type { AuthContext } from '../auth/sessions.js';
import { AUDIT_RECORD, writeAudit, type AuditRow } from './audit.js';

const dayEnd = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59.999Z` : text);

export function auditHandlers({ db, config }: AppContext) {
  const reports = new RateLimiter(db, 'client-audit', config.clientAuditRateLimit.max, config.clientAuditRateLimit.windowMs, config.now);

  /**
   * A client's report of what its user did (spec §7: `{activity}`): bound to the caller, marked as reported by
   * the client, and never about a record — the resource, record and before/after values of the trail are
   * written only by the API, in the transaction of the change. Limited per user, so a token cannot flood it.
   */
  async function create(auth: AuthContext, body: { activity: string }, request: FastifyRequest) {
    if (!(await reports.take(auth.user.id))) throw new HttpError(429, 'Too many activities reported. Try again in a minute.');
    const row = await writeAudit(
      db,
      { actor: { id: auth.user.id, email: auth.user.email, ip: request.ip }, activity: body.activity, reportedByClient: true },
      config.now(),
    );
    return { status: 201 as const, body: { data: row } };
  }

  /** Who may read it is declared on the route (Analytics and Reports, or IAM). */
  async function list(query: AuditTrailQuery) {
    const conditions: SQL[] = [];
    if (query.actorId) conditions.push(sql`actor_id = ${query.actorId}`);
    if (query.resource) conditions.push(sql`resource = ${query.resource}`);
    if (query.recordId) conditions.push(sql`record_id = ${query.recordId}`);
    if (query.from) conditions.push(sql`created_at >= ${new Date(query.from).toISOString()}`);
    if (query.to) conditions.push(sql`created_at <= ${new Date(dayEnd(query.to)).toISOString()}`);
    const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    const found = await rows<{ record: AuditRow }>(
      db,
      sql`select ${AUDIT_RECORD} as record from audit_trails ${where}
          order by created_at desc, id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
    );
    const [count] = await rows<{ n: string | number }>(db, sql`select count(*) as n from audit_trails ${where}`);
    return { status: 200 as const, body: { rows: found.map((r) => r.record), count: Number(count?.n ?? 0) } };
  }

  return { create, list };
}
