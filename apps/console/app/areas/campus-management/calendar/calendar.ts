/** One dated item of the campus calendar: an academic event, a break or a grade release date. */
export interface CalendarItem {
  readonly id: string;
  readonly title: string;
  /** First and last day, `yyyy-mm-dd`, both inclusive. */
  readonly start: string;
  readonly end: string;
  readonly kind: string;
  readonly href: string;
}

export interface CalendarMonthData {
  /** `yyyy-mm` */
  readonly month: string;
  readonly items: CalendarItem[];
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The month a `?month=` parameter names, else the month of `today`. */
export function monthOf(param: string | null, today: Date): string {
  if (param && MONTH.test(param)) return param;
  return today.toISOString().slice(0, 7);
}

/** The month before or after `month` (`yyyy-mm`). */
export function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + by, 1));
  return d.toISOString().slice(0, 7);
}

/** The weeks of a month as rows of seven days (Sunday first); days outside the month are `null`. */
export function monthGrid(month: string): (string | null)[][] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${month}-${String(d).padStart(2, '0')}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Items that fall on `day` (`yyyy-mm-dd`). */
export function itemsOn(items: readonly CalendarItem[], day: string): CalendarItem[] {
  return items.filter((i) => i.start <= day && day <= i.end);
}

/** Items that overlap `month`. */
export function itemsInMonth(items: readonly CalendarItem[], month: string): CalendarItem[] {
  const first = `${month}-01`;
  const last = `${month}-31`;
  return items.filter((i) => i.start <= last && i.end >= first);
}

/** Control characters RFC 5545 allows in no value (every one but the tab; line breaks are escaped first). */
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f]/g;

/**
 * A TEXT value (RFC 5545 §3.3.11): backslash, `;` and `,` escaped, and every line break — CRLF, a bare LF or a
 * bare CR — written as `\n`, so no value can end its line and start a property of its own.
 */
function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(CONTROLS, '');
}

/** A value that is not TEXT (a URI, an id): it may not carry a line break or any other control character. */
const plain = (value: string) => value.replace(CONTROLS, '');

/** Folds a content line at 75 octets, as RFC 5545 §3.1 asks. */
function fold(line: string): string {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compact = (day: string) => day.replace(/-/g, '');

function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The calendar as an iCalendar (RFC 5545) feed of all-day events. */
export function icsOf(items: readonly CalendarItem[], now: Date, origin: string): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campus Administration System//Calendar 1.0.6//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Campus Calendar',
  ];
  for (const item of items) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${plain(item.id)}@campus-administration-system`,
      `DTSTAMP:${stamp}`,
      `DTSTART;VALUE=DATE:${compact(item.start)}`,
      `DTEND;VALUE=DATE:${compact(dayAfter(item.end))}`,
      `SUMMARY:${escapeText(item.title)}`,
      `CATEGORIES:${escapeText(item.kind)}`,
      `URL:${plain(origin + item.href)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
