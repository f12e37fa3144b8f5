import { sql, type SQL } from 'drizzle-orm';
import { csvText } from '@campus/formatters';

/** Calendar days `from`–`to`, both included, in the report's time zone. */
export interface Period {
  readonly from: string;
  readonly to: string;
}

/**
 * The instants a period covers: from midnight of `from` to midnight after `to`, as wall-clock times of `tz`
 * turned into instants by the database (so 23:30 in Manila on the 1st falls in the 1st, not the 2nd).
 */
export function dayBounds(period: Period, tz: string): { start: SQL; end: SQL } {
  return {
    start: sql`((${period.from}::date)::timestamp at time zone ${tz})`,
    end: sql`((${period.to}::date + 1)::timestamp at time zone ${tz})`,
  };
}


/** RFC 4180 CSV with CRLF line ends, every cell written by the one spreadsheet-cell writer. */
export function csvOf(header: readonly string[], lines: readonly (readonly unknown[])[]): string {
  return csvText([header, ...lines]);
}

/**
 * The calendar day of `period` (in `tz`) a timestamp inside it falls on, found by a binary search among the
 * instants of the period's local midnights (worked out once per query): the same day as `(ts at time zone tz)::date`,
 * at a fraction of the cost of converting each row to local time (daylight-saving days included).
 */
export function periodDay(column: SQL, period: Period, tz: string): SQL {
  return sql`(${period.from}::date + width_bucket(${column}, (select array_agg((d::timestamp at time zone ${tz}) order by d)
    from generate_series(${period.from}::date, ${period.to}::date, interval '1 day') d)) - 1)`;
}
