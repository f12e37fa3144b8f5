import { isValid, parseISO } from 'date-fns';

/** The locales dates are shown in (spec §9); `en-PH` is the default. */
export const DATE_LOCALES = ['en-PH', 'en-US'] as const;
export type DateLocale = (typeof DATE_LOCALES)[number];

/** The university's time zone: instants are shown in it unless told otherwise, on the server and in browsers alike. */
export const DEFAULT_TIME_ZONE = 'Asia/Manila';

export interface FormatDateOptions {
  /** `en-PH` (default) or `en-US`. */
  readonly locale?: DateLocale;
  /** How much of the date to show: `short` 11/21/26, `medium` (default) Nov 21, 2026, `long`, `full`. */
  readonly style?: 'short' | 'medium' | 'long' | 'full';
  /** Also show the time of day: `true` or `'short'` for 2:05 PM, `'medium'` for 2:05:09 PM. */
  readonly time?: boolean | 'short' | 'medium';
  /** IANA time zone for instants; defaults to `Asia/Manila`. Calendar dates (`yyyy-mm-dd`) never shift. */
  readonly timeZone?: string;
}

/** What `formatDate` accepts: a Date, epoch milliseconds, an ISO date (`2026-11-21`) or date-time string. */
export type DateInput = Date | number | string | null | undefined;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a date. A calendar date `yyyy-mm-dd` becomes midnight UTC of that day and is flagged, so that it is shown
 * as the same day in every time zone; other ISO strings are read by date-fns `parseISO`. Invalid input is `null`.
 */
export function toDate(input: DateInput): { date: Date; isCalendarDate: boolean } | null {
  if (input === null || input === undefined || input === '') return null;
  if (input instanceof Date) return isValid(input) ? { date: input, isCalendarDate: false } : null;
  if (typeof input === 'number') {
    const date = new Date(input);
    return isValid(date) ? { date, isCalendarDate: false } : null;
  }
  const text = input.trim();
  if (DATE_ONLY.test(text)) {
    const local = parseISO(text);
    if (!isValid(local)) return null;
    const date = new Date(Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()));
    // parseISO rolls 2026-02-30 over into March; a calendar date must name a real day.
    if (date.toISOString().slice(0, 10) !== text) return null;
    return { date, isCalendarDate: true };
  }
  const date = parseISO(text);
  return isValid(date) ? { date, isCalendarDate: false } : null;
}

/**
 * A date for people, in `en-PH` (default) or `en-US`: `formatDate('2026-11-21')` → `Nov 21, 2026`,
 * `formatDate(instant, { style: 'long', time: true })` → `November 21, 2026 at 2:05 PM`. Invalid or empty input
 * gives an empty string.
 */
export function formatDate(input: DateInput, options: FormatDateOptions = {}): string {
  const parsed = toDate(input);
  if (!parsed) return '';
  const locale = DATE_LOCALES.includes(options.locale as DateLocale) ? options.locale : 'en-PH';
  const timeStyle = options.time === true ? 'short' : options.time || undefined;
  // A calendar date is the same day everywhere; only instants move with the time zone.
  const timeZone = parsed.isCalendarDate ? 'UTC' : (options.timeZone ?? DEFAULT_TIME_ZONE);
  return new Intl.DateTimeFormat(locale, {
    dateStyle: options.style ?? 'medium',
    timeStyle,
    timeZone,
  }).format(parsed.date);
}

/** The calendar date `yyyy-mm-dd` of an instant in a time zone (default `Asia/Manila`), e.g. for date inputs. */
export function toIsoDate(input: DateInput, timeZone: string = DEFAULT_TIME_ZONE): string {
  const parsed = toDate(input);
  if (!parsed) return '';
  if (parsed.isCalendarDate) return parsed.date.toISOString().slice(0, 10);
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(parsed.date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}
