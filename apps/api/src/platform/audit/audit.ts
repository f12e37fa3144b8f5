import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.js';
import type { AuditChanges } from '../db/schema/core.js';

/** Who did something: the signed-in user (or the person signing in) and their address. */
export interface Actor {
  readonly id: string | null;
  readonly email: string | null;
  readonly ip: string | null;
}

export interface AuditEntry {
  readonly actor: Actor;
  readonly activity: string;
  readonly resource?: string | null;
  readonly recordId?: string | null;
  readonly changes?: AuditChanges | null;
  /** A client's report of what its user did (`POST /audit-trails`), rather than something the API recorded. */
  readonly reportedByClient?: boolean;
}

export interface AuditRow {
  readonly _id: string;
  readonly actorId: string | null;
  readonly actorEmail: string | null;
  readonly activity: string;
  readonly resource: string | null;
  readonly recordId: string | null;
  readonly changes: AuditChanges | null;
  readonly ipAddress: string | null;
  readonly reportedByClient: boolean;
  readonly createdAt: string;
}

/** Writes one audit-trail row on `db`, which is the transaction of the change it records. */
export async function writeAudit(db: Db, entry: AuditEntry, at: Date): Promise<AuditRow> {
  const [row] = await rows<{ record: AuditRow }>(
    db,
    sql`insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, reported_by_client, created_at)
        values (${entry.actor.id}, ${entry.actor.email}, ${entry.activity}, ${entry.resource ?? null},
                ${entry.recordId ?? null}, ${entry.changes ? JSON.stringify(entry.changes) : null}::jsonb,
                ${entry.actor.ip}, ${entry.reportedByClient ?? false}, ${at.toISOString()})
        returning ${AUDIT_RECORD} as record`,
  );
  return row!.record;
}

/** An audit row as the API returns it, built in SQL. */
export const AUDIT_RECORD = sql.raw(`jsonb_build_object(
  '_id', id, 'actorId', actor_id, 'actorEmail', actor_email, 'activity', activity, 'resource', resource,
  'recordId', record_id, 'changes', changes, 'ipAddress', ip_address, 'reportedByClient', reported_by_client,
  'createdAt', created_at)`);

/** Strings, booleans and null compare as they are; other values as their JSON (as the trail stores them). */
const isPlain = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean';

/** Before/after pairs of the fields whose values differ. */

export function changesBetween(before: Record<string, unknown>, after: Record<string, unknown>): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key] ?? null;
    const b = after[key] ?? null;
    if (a === b) continue;
    if (isPlain(a) && isPlain(b) ? a !== b : JSON.stringify(a) !== JSON.stringify(b)) changes[key] = { before: a, after: b };
  }
  return changes;
}
