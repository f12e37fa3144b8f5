import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { ENROLMENT_SELECT, enrolmentOf, type EnrolmentDbRow } from '../rows.js';
import type { FrsState } from '../state.js';

/** Enrolled employees with their consent records, by name. */
export async function listFaces(state: FrsState, query: { page: number; limit: number }) {
  const found = await rows<EnrolmentDbRow>(
    state.ctx.db,
    sql`${sql.raw(ENROLMENT_SELECT)} order by m.last_name, m.first_name limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  const [count] = await rows<{ n: number | string }>(state.ctx.db, sql`select count(*) as n from frs_enrolments`);
  return { status: 200 as const, body: { rows: found.map(enrolmentOf), count: Number(count!.n) } };
}
