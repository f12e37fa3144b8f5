import { sql } from 'drizzle-orm';
import type { CurrentTerm } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';

/**
 * The term under way on `today` in the academic calendar (Campus Management's semesters, midyear terms included):
 * the one whose dates hold today (the default one first if terms overlap); between terms (a break), the last one
 * started, as the demo calendar counts it. Terms without both dates are left out; null when none has started.
 */
export async function currentTerm(db: Db, today: string): Promise<CurrentTerm | null> {
  const [term] = await rows<CurrentTerm>(
    db,
    sql`select s.code, s.description, to_char(s.start_date, 'YYYY-MM-DD') as "from", to_char(s.end_date, 'YYYY-MM-DD') as "to"
        from semesters s
        where s.start_date is not null and s.end_date is not null and s.end_date >= s.start_date and s.start_date <= ${today}::date
        order by (s.end_date >= ${today}::date) desc, s."default" desc, s.start_date desc, s.code
        limit 1`,
  );
  return term ?? null;
}
