import { DEFAULT_TIME_ZONE, toDate, type DateInput } from './date.js';

const MINUTE = 60;
const HOUR = 3600;
const DAY = 86_400;

/**
 * A length of time in words people scan, to the two largest units: `45` → `45 s`, `300` → `5 min`,
 * `7200` → `2 h`, `5400` → `1 h 30 min`, `97200` → `1 d 3 h`. A negative length counts as its size; non-finite
 * counts as zero. Minutes and larger drop the seconds.
 */
export function formatShortDuration(seconds: number): string {
  const s = Number.isFinite(seconds) ? Math.abs(Math.trunc(seconds)) : 0;
  if (s < MINUTE) return `${s} s`;
  const days = Math.floor(s / DAY);
  const hours = Math.floor((s % DAY) / HOUR);
  const minutes = Math.floor((s % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** Abbreviations people in the Philippines know for zones that `Intl` would only call `GMT+8`. */
const ZONE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  'Asia/Manila': 'PHT',
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
};

/** The short name of a time zone at an instant: `PHT` for Asia/Manila, otherwise what `Intl` says (`PST`, `GMT+9`). */
export function timeZoneAbbreviation(timeZone: string = DEFAULT_TIME_ZONE, at: Date = new Date()): string {
  const known = ZONE_ABBREVIATIONS[timeZone];
  if (known) return known;
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? timeZone;
}

export interface ZonedOptions {
  /** IANA time zone; defaults to `Asia/Manila`. */
  readonly timeZone?: string;
  /** Also show the date (`Tue, Dec 1, 10:00 PHT`); without it only the weekday. */
  readonly withDate?: boolean;
}

/**
 * An instant as weekday, 24-hour time and zone, the way a deadline is read: `Tue 10:00 PHT`;
 * with `withDate`, `Tue, Dec 1, 10:00 PHT`. Invalid or empty input gives an empty string.
 */
export function formatZonedTime(input: DateInput, options: ZonedOptions = {}): string {
  const parsed = toDate(input);
  if (!parsed) return '';
  const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(parsed.date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${get('hour')}:${get('minute')}`;
  const zone = timeZoneAbbreviation(timeZone, parsed.date);
  return options.withDate
    ? `${get('weekday')}, ${get('month')} ${get('day')}, ${time} ${zone}`
    : `${get('weekday')} ${time} ${zone}`;
}

/** How a due time stands: still ahead, due within the minute, or past. */
export type DueState = 'upcoming' | 'now' | 'overdue';

/**
 * How far a due time is from now, in words: `due in 2 h`, `due now` (within a minute either side),
 * `overdue by 3 h 15 min`. `state` says which, for styling. Invalid input gives an empty text.
 */
export function formatDueIn(
  due: DateInput,
  now: DateInput = new Date(),
): { readonly text: string; readonly state: DueState } {
  const d = toDate(due);
  const n = toDate(now);
  if (!d || !n) return { text: '', state: 'upcoming' };
  const seconds = Math.round((d.date.getTime() - n.date.getTime()) / 1000);
  if (Math.abs(seconds) < MINUTE) return { text: 'due now', state: 'now' };
  if (seconds > 0) return { text: `due in ${formatShortDuration(seconds)}`, state: 'upcoming' };
  return { text: `overdue by ${formatShortDuration(seconds)}`, state: 'overdue' };
}

/**
 * A due time as one line: how far it is and when, in its zone: `due in 2 h · Tue 10:00 PHT`. A due time more than
 * six days away also names the date (`due in 9 d · Wed, Dec 9, 10:00 PHT`) so the weekday is not ambiguous.
 */
export function formatDueTime(
  due: DateInput,
  now: DateInput = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): string {
  const d = toDate(due);
  const n = toDate(now);
  if (!d || !n) return '';
  const far = Math.abs(d.date.getTime() - n.date.getTime()) > 6 * DAY * 1000;
  return `${formatDueIn(d.date, n.date).text} · ${formatZonedTime(d.date, { timeZone, withDate: far })}`;
}
