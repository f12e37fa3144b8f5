const SECONDS_PER_DAY = 86_400;
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

const two = (n: number) => String(n).padStart(2, '0');

/** Whole seconds, truncated toward zero; non-finite values count as zero. */
function wholeSeconds(seconds: number): number {
  return Number.isFinite(seconds) ? Math.trunc(seconds) : 0;
}

/**
 * A time of day as 24-hour `hh:mm:ss` from seconds after midnight: `45296` → `12:34:56`. Values outside one day
 * wrap around the clock (`86400` → `00:00:00`, `-1` → `23:59:59`); fractions of a second are dropped.
 */
export function formatClock(seconds: number): string {
  const s = ((wholeSeconds(seconds) % SECONDS_PER_DAY) + SECONDS_PER_DAY) % SECONDS_PER_DAY;
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

/**
 * Seconds after midnight from a 24-hour `hh:mm:ss` time: `'12:34:56'` → `45296`. Anything that is not a valid
 * 24-hour time with two digits per part (`'24:00:00'`, `'7:00:00'`, `'12:60:00'`, `'12:00'`) gives `null`.
 */
export function parseClock(text: string | null | undefined): number | null {
  if (typeof text !== 'string') return null;
  const m = CLOCK.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** Whether a text is a valid 24-hour `hh:mm:ss` time. */
export function isClock(text: string | null | undefined): boolean {
  return parseClock(text) !== null;
}

/**
 * A length of time as `Xh Ym Zs`: `3723` → `1h 2m 3s`, `59` → `0h 0m 59s`. Hours are not wrapped
 * (`90000` → `25h 0m 0s`); a negative length keeps its sign (`-61` → `-0h 1m 1s`); non-finite counts as zero.
 */
export function formatDuration(seconds: number): string {
  const s = wholeSeconds(seconds);
  const abs = Math.abs(s);
  const sign = s < 0 ? '-' : '';
  return `${sign}${Math.floor(abs / 3600)}h ${Math.floor((abs % 3600) / 60)}m ${abs % 60}s`;
}
