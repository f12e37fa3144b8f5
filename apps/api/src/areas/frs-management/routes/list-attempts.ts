import { sql } from 'drizzle-orm';
import type { Attempt } from '@campus/api-contract';
import { rows } from '../../../platform/db/client.js';
import type { FrsState } from '../state.js';

interface AttemptRow {
  id: string;
  device_id: string | null;
  device_name: string | null;
  outcome: Attempt['outcome'];
  reason: string | null;
  employee_id: string | null;
  employee_name: string | null;
  score: number | null;
  second_score: number | null;
  antispoof_score: number | null;
  liveness_score: number | null;
  coordinates: string | null;
  outside_geofence: boolean;
  action: string | null;
  created_at: unknown;
}

/** The attempts log, newest first. */
export async function listAttempts(state: FrsState, query: { page: number; limit: number }) {
  const found = await rows<AttemptRow>(
    state.ctx.db,
    sql`select a.id, a.device_id, d.name as device_name, a.outcome, a.reason, a.employee_id,
               case when m.id is null then null else m.last_name || ', ' || m.first_name end as employee_name,
               a.score, a.second_score, a.antispoof_score, a.liveness_score, a.coordinates, a.outside_geofence, a.action, a.created_at
        from frs_attempts a left join frs_devices d on d.id = a.device_id left join employees m on m.id = a.employee_id
        order by a.created_at desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await rows<{ n: number | string }>(state.ctx.db, sql`select count(*) as n from frs_attempts`);
  const body = {
    rows: found.map(
      (r): Attempt => ({
        _id: r.id,
        deviceId: r.device_id,
        deviceName: r.device_name,
        outcome: r.outcome,
        reason: r.reason,
        employeeId: r.employee_id,
        employeeName: r.employee_name,
        score: r.score,
        secondScore: r.second_score,
        antispoofScore: r.antispoof_score,
        livenessScore: r.liveness_score,
        coordinates: r.coordinates,
        outsideGeofence: r.outside_geofence,
        action: r.action,
        createdAt: new Date(String(r.created_at instanceof Date ? r.created_at.toISOString() : r.created_at)).toISOString(),
      }),
    ),
    count: Number(count!.n),
  };
  return { status: 200 as const, body };
}
