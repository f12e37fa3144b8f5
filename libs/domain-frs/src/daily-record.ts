import { parseClock } from '@campus/formatters';

const DAY = 86_400;

/** Daily-record status codes of spec §3. */
export const DAILY_RECORD_STATUS = {
  tardiness: 1,
  gap: 2,
  undertime: 3,
  absent: 4,
  hoursWorked: 5,
  present: 6,
  noOfficialTime: 7,
  officialBusiness: 8,
  onLeave: 9,
} as const;

/** The official time of one working day, from the employee's schedule item (`hh:mm:ss`). */
export interface OfficialTime {
  readonly timeIn: string;
  readonly timeOut: string;
  readonly breakStart?: string | null;
  readonly breakEnd?: string | null;
  /** Minutes after the official time in that are not yet tardiness. */
  readonly graceMinutes?: number | null;
}

/** A time-in/time-out pair; the time out is missing while the person is still in. */
export interface ClockPair {
  readonly timeIn: string | null;
  readonly timeOut: string | null;
}

export interface DayInput {
  /** `null` when the schedule has no official time that day (rest day or no schedule). */
  readonly official: OfficialTime | null;
  /** The day's active timesheets, manual adjustments included. */
  readonly timesheets: readonly ClockPair[];
  readonly isHoliday: boolean;
  /** A leave filed for the day: paid when the leave credits cover it, else leave without pay. */
  readonly leave: { readonly paid: boolean } | null;
  readonly isOfficialBusiness?: boolean;
}

export interface DailyRecordFigures {
  readonly statuses: number[];
  readonly totalDuration: number;
  readonly tardinessDuration: number;
  readonly undertimeDuration: number;
  readonly lwopDuration: number;
}

interface Interval {
  readonly start: number;
  readonly end: number;
}

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

function intervalOf(from: string | null | undefined, to: string | null | undefined): Interval | null {
  const start = parseClock(from);
  const end = parseClock(to);
  if (start === null || end === null) return null;
  // A time out before the time in ends on the next day (night shift).
  return { start, end: end >= start ? end : end + DAY };
}

/** Seconds of official work in the day: time in to time out less the break. */
export function officialSeconds(official: OfficialTime): number {
  const day = intervalOf(official.timeIn, official.timeOut);
  if (!day) return 0;
  const breakTime = intervalOf(official.breakStart, official.breakEnd);
  return day.end - day.start - (breakTime ? overlap(day, breakTime) : 0);
}

/**
 * The daily time record of one employee for one day, computed from the day's timesheets and official time:
 * worked time (breaks excluded), tardiness past the grace period (counted from the official time in), undertime
 * (leaving before the official time out, plus gaps between pairs outside the break), leave without pay, and the
 * statuses 1–9 of spec §3 in ascending order.
 */
export function computeDailyRecord(input: DayInput): DailyRecordFigures {
  const S = DAILY_RECORD_STATUS;
  const statuses = new Set<number>();
  const official = input.official;
  const breakTime = official ? intervalOf(official.breakStart, official.breakEnd) : null;
  const pairs = input.timesheets
    .map((t) => ({ start: parseClock(t.timeIn), closed: intervalOf(t.timeIn, t.timeOut) }))
    .filter((p): p is { start: number; closed: Interval | null } => p.start !== null)
    .sort((a, b) => a.start - b.start);

  let total = 0;
  for (const p of pairs) {
    if (p.closed) total += p.closed.end - p.closed.start - (breakTime ? overlap(p.closed, breakTime) : 0);
  }
  let tardiness = 0;
  let undertime = 0;
  let lwop = 0;

  if (pairs.length > 0) statuses.add(S.present);
  if (total > 0) statuses.add(S.hoursWorked);
  if (input.isOfficialBusiness) statuses.add(S.officialBusiness);
  if (input.leave) statuses.add(S.onLeave);
  if (!official) statuses.add(S.noOfficialTime);

  const expected = official ? officialSeconds(official) : 0;
  if (official && !input.isHoliday && !input.isOfficialBusiness) {
    const officialIn = parseClock(official.timeIn)!;
    const officialDay = intervalOf(official.timeIn, official.timeOut)!;
    if (pairs.length === 0) {
      if (input.leave) lwop = input.leave.paid ? 0 : expected;
      else {
        statuses.add(S.absent);
        lwop = expected;
      }
    } else {
      const late = pairs[0]!.start - officialIn;
      if (late > (official.graceMinutes ?? 0) * 60) {
        tardiness = late;
        statuses.add(S.tardiness);
      }
      // Gaps between one pair's time out and the next pair's time in, outside the break, are time not worked.
      let gaps = 0;
      for (let i = 1; i < pairs.length; i++) {
        const previous = pairs[i - 1]!.closed;
        if (!previous) continue;
        const gap: Interval = { start: previous.end, end: Math.max(previous.end, pairs[i]!.start) };
        const unpaid = overlap(gap, officialDay) - (breakTime ? overlap(gap, breakTime) : 0);
        if (unpaid > 0) gaps += unpaid;
      }
      if (gaps > 0) statuses.add(S.gap);
      const last = pairs[pairs.length - 1]!.closed;
      const early = last ? officialDay.end - last.end : 0;
      if (early > 0 || gaps > 0) {
        undertime = Math.max(0, early) + gaps;
        statuses.add(S.undertime);
      }
      if (input.leave && !input.leave.paid) lwop = Math.max(0, expected - total - tardiness - undertime);
    }
  }
  return {
    statuses: [...statuses].sort((a, b) => a - b),
    totalDuration: Math.min(total, DAY),
    tardinessDuration: Math.min(tardiness, DAY),
    undertimeDuration: Math.min(undertime, DAY),
    lwopDuration: Math.min(lwop, DAY),
  };
}

/**
 * The timesheet day status a record shows as (spec §4), to colour it with `timesheetColor`: on leave, leave
 * without pay, holiday, late, undertime, overtime (worked past the official time), or normal.
 */
export function dayStatusOf(
  record: DailyRecordFigures,
  context: { readonly isHoliday?: boolean; readonly official?: OfficialTime | null } = {},
): 'ONLEAVE' | 'LWOP' | 'HOLIDAY' | 'LATE' | 'UNDERTIME' | 'OVERTIME' | 'NORMAL' {
  if (record.lwopDuration > 0) return 'LWOP';
  if (record.statuses.includes(DAILY_RECORD_STATUS.onLeave)) return 'ONLEAVE';
  if (context.isHoliday) return 'HOLIDAY';
  if (record.tardinessDuration > 0) return 'LATE';
  if (record.undertimeDuration > 0) return 'UNDERTIME';
  if (context.official && record.totalDuration > officialSeconds(context.official)) return 'OVERTIME';
  return 'NORMAL';
}

/** What a clock event does to the day's timesheets. */
export type ClockAction = { readonly kind: 'time-in' } | { readonly kind: 'time-out'; readonly index: number };

/**
 * The first event of the day is a time in; the next closes the latest open timesheet (one with a time in and no
 * time out) as its time out, and so on. Manually adjusted timesheets are never changed by a clock event.
 */
export function nextClockAction(timesheets: readonly (ClockPair & { readonly isAdjusted?: boolean | null })[]): ClockAction {
  for (let i = timesheets.length - 1; i >= 0; i--) {
    const t = timesheets[i]!;
    if (t.timeIn && !t.timeOut && !t.isAdjusted) return { kind: 'time-out', index: i };
  }
  return { kind: 'time-in' };
}

/** The calendar date (`yyyy-mm-dd`), clock time (`hh:mm:ss`) and ISO weekday (1 Monday … 7 Sunday) in a time zone. */
export function localDayAndTime(instant: Date, timeZone: string): { date: string; time: string; weekday: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}`, weekday };
}
