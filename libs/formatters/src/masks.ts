/** Both government numbers hold at most 13 digits (spec §5). */
export const MAX_MASKED_DIGITS = 13;

/** What a text field may hold while someone types: a string, a number, or nothing yet. */
export type MaskInput = string | number | null | undefined;

/** The digits of the input, at most 13. */
export function digitsOf(input: MaskInput): string {
  if (input === null || input === undefined) return '';
  return String(input).replace(/\D/g, '').slice(0, MAX_MASKED_DIGITS);
}

/** Splits digits into groups of the given sizes; the last group takes the remainder. Empty groups are dropped. */
function group(digits: string, sizes: readonly number[]): string {
  const parts: string[] = [];
  let rest = digits;
  for (const size of sizes) {
    if (!rest) break;
    parts.push(rest.slice(0, size));
    rest = rest.slice(size);
  }
  if (rest) parts.push(rest);
  return parts.join('-');
}

/**
 * Tax identification number: digits only, at most 13, a dash after the 3rd, 6th and 9th digit. Works while
 * typing: `1234` → `123-4`, `123456789000` → `123-456-789-000`; a trailing dash is never added.
 */
export function maskTin(input: MaskInput): string {
  return group(digitsOf(input), [3, 3, 3]);
}

/**
 * Health insurance (PhilHealth) number: 2 digits, a dash, 9 digits, a dash, then the remainder; at most 13
 * digits. `123456789012` → `12-345678901-2`.
 */
export function maskHealthNumber(input: MaskInput): string {
  return group(digitsOf(input), [2, 9]);
}

/** The masks by the name a field descriptor uses (`mask: 'tin' | 'health-number' | 'upper'`). */
export const MASKS = {
  tin: maskTin,
  'health-number': maskHealthNumber,
  upper: (input: MaskInput): string =>
    input === null || input === undefined ? '' : String(input).toUpperCase(),
} as const satisfies Record<string, (input: MaskInput) => string>;

export type MaskName = keyof typeof MASKS;

/** Applies a mask by name; an unknown or missing name leaves the text as it is. */
export function applyMask(name: string | null | undefined, input: MaskInput): string {
  if (name && Object.hasOwn(MASKS, name)) return MASKS[name as MaskName](input);
  return input === null || input === undefined ? '' : String(input);
}
