/**
 * The SLA clock: business-hours arithmetic over an office's calendar, and the clock of a ticket computed from its
 * event log. Pure functions; times are `Date`s (instants), the calendar says how they fall on the office's wall clock.
 */

/** Weekday codes of spec §3, Monday first (A is Sunday). */
export const WEEKDAY_CODES = ['M', 'T', 'W', 'TH', 'F', 'S', 'A'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** Opening hours of one day, in minutes after local midnight (`close` > `open`). */
export interface OpeningHours {
  readonly open: number;
  readonly close: number;
}

/** An office's working time: a fixed UTC offset (the Philippines keeps no daylight saving), hours and holidays. */
export interface BusinessCalendar {
  readonly utcOffsetMinutes: number;
  /** Hours per weekday; a day left out is closed. */
  readonly hours: Partial<Readonly<Record<WeekdayCode, OpeningHours>>>;
  /** Local dates (`yyyy-mm-dd`) the office is closed. */
  readonly holidays: readonly string[];
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How far the arithmetic looks ahead before giving up (a calendar that never opens). */
const HORIZON_DAYS = 3 * 366;

export const HOURS_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/** Parses `08:00-17:00` into opening hours; an empty text is a closed day; anything else is `null` (invalid). */
export function parseOpeningHours(text: string | null | undefined): OpeningHours | undefined | null {
  const t = (text ?? '').trim();
  if (!t) return undefined;
  const m = HOURS_PATTERN.exec(t);
  if (!m) return null;
  const open = Number(m[1]) * 60 + Number(m[2]);
  const close = Number(m[3]) * 60 + Number(m[4]);
  if (close > 24 * 60 || close <= open) return null;
  return { open, close };
}

/** Holiday lines (`2026-12-25 Christmas Day`, one a line): the dates, or the first line that is not one. */
export function parseHolidays(text: string | null | undefined): { dates: string[]; badLine?: string } {
  const dates: string[] = [];
  for (const raw of (text ?? '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const m = /^(\d{4}-\d{2}-\d{2})\b/.exec(line);
    if (!m || Number.isNaN(Date.parse(`${m[1]}T00:00:00Z`))) return { dates, badLine: line };
    dates.push(m[1]!);
  }
  return { dates };
}

/** The local midnight (as an instant) of the day `at` falls on, and that day's weekday code and date. */
function localDay(calendar: BusinessCalendar, at: number): { start: number; code: WeekdayCode; date: string } {
  const offset = calendar.utcOffsetMinutes * MINUTE;
  const local = at + offset;
  const midnightLocal = Math.floor(local / DAY) * DAY;
  const d = new Date(midnightLocal);
  // getUTCDay: 0 Sunday … 6 Saturday; the codes start on Monday.
  const code = WEEKDAY_CODES[(d.getUTCDay() + 6) % 7]!;
  return { start: midnightLocal - offset, code, date: d.toISOString().slice(0, 10) };
}

/** The open window of the day starting at `dayStart`, or nothing on a closed day or a holiday. */
function windowOf(calendar: BusinessCalendar, day: { start: number; code: WeekdayCode; date: string }): [number, number] | undefined {
  const hours = calendar.hours[day.code];
  if (!hours || calendar.holidays.includes(day.date)) return undefined;
  return [day.start + hours.open * MINUTE, day.start + hours.close * MINUTE];
}

/** Business minutes between two instants (0 when `to` is not after `from`). */
export function businessMinutesBetween(calendar: BusinessCalendar, from: Date, to: Date): number {
  let total = 0;
  const end = to.getTime();
  let cursor = from.getTime();
  for (let i = 0; cursor < end && i <= HORIZON_DAYS * 10; i++) {
    const day = localDay(calendar, cursor);
    const w = windowOf(calendar, day);
    if (w) total += Math.max(0, Math.min(w[1], end) - Math.max(w[0], cursor));
    cursor = day.start + DAY;
  }
  return total / MINUTE;
}

/**
 * The instant `minutes` business minutes after `from`. A start outside business hours starts counting at the next
 * opening. `undefined` when the calendar never opens within three years.
 */
export function addBusinessMinutes(calendar: BusinessCalendar, from: Date, minutes: number): Date | undefined {
  let remaining = Math.max(0, minutes) * MINUTE;
  let cursor = from.getTime();
  for (let i = 0; i < HORIZON_DAYS; i++) {
    const day = localDay(calendar, cursor);
    const w = windowOf(calendar, day);
    if (w && cursor < w[1]) {
      const start = Math.max(cursor, w[0]);
      const available = w[1] - start;
      if (remaining <= available) return new Date(start + remaining);
      remaining -= available;
    }
    cursor = day.start + DAY;
  }
  return undefined;
}

/** Ticket states (issue 18): new → open → pending → resolved → closed, with reopen. */
export const TICKET_STATES = ['new', 'open', 'pending', 'resolved', 'closed'] as const;
export type TicketState = (typeof TICKET_STATES)[number];

/** States in which the clocks run: pending waits on the requester, resolved and closed are done. */
export const RUNNING_STATES: readonly TicketState[] = ['new', 'open'];

/** The share of a target after which a ticket is near breach. */
export const NEAR_BREACH_RATIO = 0.8;

/** An entry of a ticket's log that the clock reads: its creation, each state change, the first public reply. */
export type ClockEvent =
  | { readonly at: Date; readonly type: 'created' }
  | { readonly at: Date; readonly type: 'state'; readonly to: TicketState }
  | { readonly at: Date; readonly type: 'first-response' };

export type SlaStatus = 'ok' | 'near-breach' | 'breached' | 'paused' | 'met' | 'none';

export interface SlaMeasure {
  readonly targetMinutes: number | null;
  /** Business minutes the clock has run (pauses left out). */
  readonly businessMinutes: number;
  /** Wall-clock minutes the clock has run (pauses left out). */
  readonly wallMinutes: number;
  /** When the target falls due if the clock keeps running; `null` while paused, done or without target. */
  readonly dueAt: Date | null;
  readonly status: SlaStatus;
}

export interface SlaClock {
  readonly firstResponse: SlaMeasure;
  readonly resolution: SlaMeasure;
  /** The worse of the two, for badges and filters. */
  readonly status: SlaStatus;
}

export interface SlaTargets {
  readonly firstResponseMinutes: number | null;
  readonly resolutionMinutes: number | null;
}

/** The intervals in which the clock runs, up to `until`, from the log (sorted here; the log's order is not trusted). */
export function runningIntervals(events: readonly ClockEvent[], until: Date): [Date, Date][] {
  const sorted = [...events].sort((a, b) => a.at.getTime() - b.at.getTime());
  const intervals: [Date, Date][] = [];
  let runningSince: Date | null = null;
  let started = false;
  for (const e of sorted) {
    if (e.at.getTime() > until.getTime()) break;
    if (e.type === 'created') {
      if (!started) runningSince = e.at;
      started = true;
    } else if (e.type === 'state') {
      const runs = RUNNING_STATES.includes(e.to);
      if (runs && !runningSince) runningSince = e.at;
      if (!runs && runningSince) {
        intervals.push([runningSince, e.at]);
        runningSince = null;
      }
    }
  }
  if (runningSince && runningSince.getTime() <= until.getTime()) intervals.push([runningSince, until]);
  return intervals;
}

function measure(calendar: BusinessCalendar, intervals: [Date, Date][], target: number | null, doneAt: Date | null, now: Date): SlaMeasure {
  const end = doneAt ?? now;
  const clipped = intervals
    .map(([a, b]): [Date, Date] => [a, new Date(Math.min(b.getTime(), end.getTime()))])
    .filter(([a, b]) => b.getTime() > a.getTime());
  const businessMinutes = clipped.reduce((sum, [a, b]) => sum + businessMinutesBetween(calendar, a, b), 0);
  const wallMinutes = clipped.reduce((sum, [a, b]) => sum + (b.getTime() - a.getTime()) / MINUTE, 0);
  if (target === null) return { targetMinutes: null, businessMinutes, wallMinutes, dueAt: null, status: 'none' };
  if (doneAt) return { targetMinutes: target, businessMinutes, wallMinutes, dueAt: null, status: businessMinutes > target ? 'breached' : 'met' };
  const last = intervals.at(-1);
  const running = !!last && last[1].getTime() >= now.getTime();
  const status: SlaStatus =
    businessMinutes >= target ? 'breached' : !running ? 'paused' : businessMinutes >= target * NEAR_BREACH_RATIO ? 'near-breach' : 'ok';
  const dueAt = running && status !== 'breached' ? (addBusinessMinutes(calendar, now, target - businessMinutes) ?? null) : null;
  return { targetMinutes: target, businessMinutes, wallMinutes, dueAt, status };
}

const SEVERITY: readonly SlaStatus[] = ['none', 'met', 'paused', 'ok', 'near-breach', 'breached'];

/** The worse of two statuses. */
export function worseStatus(a: SlaStatus, b: SlaStatus): SlaStatus {
  return SEVERITY.indexOf(a) >= SEVERITY.indexOf(b) ? a : b;
}

/**
 * The ticket's SLA clock at `now`, from its log alone: the clock runs while the ticket is new or open, stops while it
 * is pending (waiting on the requester) and once resolved. The first-response clock stops at the first public reply.
 * Targets are the current policy's, so a change of category or policy re-reads the same elapsed time: nothing is
 * lost or counted twice.
 */
export function slaClock(options: {
  readonly events: readonly ClockEvent[];
  readonly calendar: BusinessCalendar;
  readonly targets: SlaTargets;
  readonly now: Date;
}): SlaClock {
  const { events, calendar, targets, now } = options;
  const intervals = runningIntervals(events, now);
  const firstReply = events.filter((e) => e.type === 'first-response' && e.at <= now).sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  // Resolved (or closed) and not reopened since: the last state event says so.
  const states = events.filter((e): e is Extract<ClockEvent, { type: 'state' }> => e.type === 'state' && e.at <= now);
  const lastState = states.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1);
  const resolvedAt = lastState && (lastState.to === 'resolved' || lastState.to === 'closed') ? lastState.at : null;
  const firstResponse = measure(calendar, intervals, targets.firstResponseMinutes, firstReply?.at ?? resolvedAt, now);
  const resolution = measure(calendar, intervals, targets.resolutionMinutes, resolvedAt, now);
  return { firstResponse, resolution, status: worseStatus(firstResponse.status, resolution.status) };
}
