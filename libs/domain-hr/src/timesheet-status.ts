/**
 * Timesheet day statuses and their colours (spec §4 and §9). Any status not listed counts as a normal day.
 */
export const TIMESHEET_DAY_STATUSES = [
  { value: 'ONLEAVE', label: 'On leave', color: '#89B8FF' },
  { value: 'LWOP', label: 'Leave without pay', color: '#E6D2B6' },
  { value: 'LATE', label: 'Late', color: '#FFAF13' },
  { value: 'UNDERTIME', label: 'Undertime', color: '#FFA6B3' },
  { value: 'OVERTIME', label: 'Overtime', color: '#B14FFF' },
  { value: 'HOLIDAY', label: 'Holiday', color: '#FF4550' },
  { value: 'NORMAL', label: 'Normal', color: '#21C31D' },
] as const;

export type TimesheetDayStatus = (typeof TIMESHEET_DAY_STATUSES)[number]['value'];

const byValue = new Map<string, (typeof TIMESHEET_DAY_STATUSES)[number]>(
  TIMESHEET_DAY_STATUSES.map((s) => [s.value, s]),
);
const NORMAL = TIMESHEET_DAY_STATUSES[TIMESHEET_DAY_STATUSES.length - 1]!;

/** The day status a value stands for: a listed status (case and surrounding spaces ignored), otherwise NORMAL. */
export function timesheetDayStatus(status: string | null | undefined): TimesheetDayStatus {
  return byValue.get((status ?? '').trim().toUpperCase())?.value ?? NORMAL.value;
}

/** The colour of a day's status: `timesheetColor('LATE')` → `#FFAF13`; anything else is normal, `#21C31D`. */
export function timesheetColor(status: string | null | undefined): string {
  return byValue.get(timesheetDayStatus(status))?.color ?? NORMAL.color;
}

/** The label of a day's status, e.g. `On leave`; anything unlisted is `Normal`. */
export function timesheetLabel(status: string | null | undefined): string {
  return byValue.get(timesheetDayStatus(status))?.label ?? NORMAL.label;
}

/** What a daily time record's coded statuses (`dailyRecordStatusOptions`) and durations say about the day. */
export interface DailyRecordFacts {
  readonly statuses?: readonly (number | string)[] | null;
  readonly tardinessDuration?: number | null;
  readonly undertimeDuration?: number | null;
  readonly lwopDuration?: number | null;
}

/**
 * The day status of a daily time record, the most telling first: on leave (status 9), leave without pay (LWOP
 * time), late (status 1 or tardiness), undertime (status 3 or undertime), otherwise normal.
 */
export function dayStatusOfRecord(record: DailyRecordFacts): TimesheetDayStatus {
  const codes = new Set((record.statuses ?? []).map((s) => Number(s)));
  if (codes.has(9)) return 'ONLEAVE';
  if ((record.lwopDuration ?? 0) > 0) return 'LWOP';
  if (codes.has(1) || (record.tardinessDuration ?? 0) > 0) return 'LATE';
  if (codes.has(3) || (record.undertimeDuration ?? 0) > 0) return 'UNDERTIME';
  return 'NORMAL';
}
