import { sql, type SQL } from 'drizzle-orm';

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

/** The calendar day of a timestamp column in `tz`. */
export const localDay = (column: SQL, tz: string): SQL => sql`(${column} at time zone ${tz})::date`;

const csvCell = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v);
  // Cells a spreadsheet would run as a formula are kept as text.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** RFC 4180 CSV with CRLF line ends. */
export function csvOf(header: readonly string[], lines: readonly (readonly unknown[])[]): string {
  return `${[header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
