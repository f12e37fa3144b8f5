/** Anything a screen may hand to `formatPeso`: a number, a numeric string, or nothing. */
export type PesoInput = number | string | null | undefined;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a number from a number or a numeric string. Thousands commas, spaces and a peso sign are ignored so that
 * an already formatted amount reads back as itself. Anything else (empty, NaN, Infinity, `'12abc'`) is `null`.
 */
export function parsePeso(value: PesoInput): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[\s,₱]/g, '');
  if (!NUMERIC.test(cleaned)) return null;
  const n = Number(cleaned);
  return Number.isFinite(n) ? n : null;
}

/** The shortest decimal digits of a non-negative finite number, without exponent: `1e21` → `1000…0`. */
function plainDecimal(abs: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponentText] = String(abs).split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [intPart = '0', fracPart = ''] = mantissa.split('.');
  const digits = intPart + fracPart;
  const point = intPart.length + exponent;
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** Adds one to a string of decimal digits. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] === '9') {
      out[i] = '0';
    } else {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
  }
  return '1' + out.join('');
}

/**
 * Rounds half away from zero on the number's shortest decimal form, as `Intl.NumberFormat` does, so that
 * `1.005` shows as `1.01` (what a person expects) rather than `1.00` (what `toFixed` gives).
 */
function toCents(abs: number): { whole: string; cents: string } {
  const { whole, fraction } = plainDecimal(abs);
  const padded = (fraction + '000').slice(0, 3);
  let value = whole.replace(/^0+(?=\d)/, '') + padded.slice(0, 2);
  if (Number(padded[2]) >= 5) value = incrementDigits(value);
  value = value.padStart(3, '0');
  return { whole: value.slice(0, -2), cents: value.slice(-2) };
}

function groupThousands(whole: string): string {
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Pesos with thousands separators and exactly two decimals: `1234567.891` → `₱1,234,567.89`, `-1234` →
 * `-₱1,234.00`. Empty, null, NaN, Infinity and non-numeric input show `₱0.00` (spec §5); an amount that rounds
 * to zero never shows a minus sign.
 */
export function formatPeso(value: PesoInput): string {
  const n = parsePeso(value);
  if (n === null) return '₱0.00';
  const { whole, cents } = toCents(Math.abs(n));
  const isZero = /^0+$/.test(whole) && cents === '00';
  const sign = n < 0 && !isZero ? '-' : '';
  return `${sign}₱${groupThousands(whole)}.${cents}`;
}
