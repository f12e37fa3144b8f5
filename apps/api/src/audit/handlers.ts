import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuditTrailQuery } from '@campus/api-contract';
import type { AppContext } from '../context.js';
import { rows } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import type { AuthContext } from '../auth/sessions.js';
import { AUDIT_RECORD, writeAudit, type AuditRow } from './audit.js';

/** Reading the audit trail belongs to Analytics and Reports; IAM administrators may read it too. */
export const AUDIT_READ_SCOPES = ['REPORTS', 'IAM'];

const dayEnd = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T23:59:59.999Z` : text);

export function auditHandlers({ db, config }: AppContext) {
  async function create(auth: AuthContext, body: { activity: string; resource?: string; recordId?: string }, request: FastifyRequest) {
    const row = await writeAudit(
      db,
      {
        actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
        activity: body.activity,
        resource: body.resource ?? null,
        recordId: body.recordId ?? null,
      },
      config.now(),
    );
    return { status: 201 as const, body: { data: row } };
  }

  async function list(auth: AuthContext, query: AuditTrailQuery) {
    if (!auth.user.adminScopes.some((s) => AUDIT_READ_SCOPES.includes(s))) {
      throw new HttpError(403, 'You have no access to the audit trail.');
    }
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
