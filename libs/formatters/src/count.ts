const counts = new Intl.NumberFormat('en-PH', { maximumFractionDigits: 0 });

/** A whole count with thousands separators: `6000` → `6,000`; non-finite counts as `0`. */
export function formatCount(n: number): string {
  return counts.format(Number.isFinite(n) ? Math.trunc(n) : 0);
}

/** A share of a whole as a whole percent: `(1, 3)` → `33%`; a zero whole gives `0%`. */
export function formatPercent(part: number, whole: number): string {
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole <= 0) return '0%';
  return `${Math.round((part / whole) * 100)}%`;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A file's size in powers of 1,024 with one decimal above bytes: `532` → `532 B`, `1536` → `1.5 KB`, `2_621_440` → `2.5 MB`. */
export function formatFileSize(bytes: number): string {
  let value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${Math.trunc(value)} B` : `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
