import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { DEVICE_COLUMNS, deviceOf, type DeviceDbRow } from '../rows.js';
import type { FrsState } from '../state.js';

/** Registered devices by name. */
export async function listDevices(state: FrsState, query: { page: number; limit: number }) {
  const found = await rows<DeviceDbRow>(
    state.ctx.db,
    sql`select ${sql.raw(DEVICE_COLUMNS)} from frs_devices order by name limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await rows<{ n: number | string }>(state.ctx.db, sql`select count(*) as n from frs_devices`);
  return { status: 200 as const, body: { rows: found.map(deviceOf), count: Number(count!.n) } };
}
