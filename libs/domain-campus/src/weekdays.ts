import { weekdayOptions, type WeekdayCode } from './coded.js';

export const WEEKDAY_CODES: readonly WeekdayCode[] = weekdayOptions.map((o) => o.value);

const ORDER = new Map(WEEKDAY_CODES.map((c, i) => [c, i]));

export function isWeekdayCode(value: unknown): value is WeekdayCode {
  return typeof value === 'string' && ORDER.has(value as WeekdayCode);
}

/**
 * Reads weekday codes as registrars write them: `MWF` → M, W, F; `TTH` → T, TH. `TH` is read greedily (an `H`
 * can only belong to Thursday, so this is never ambiguous). Case is ignored; spaces and commas may separate days. Returns the days
 * in week order, or null when the text holds anything else or names a day twice.
 */
export function parseWeekdays(input: string): WeekdayCode[] | null {
  const days: WeekdayCode[] = [];
  // Separators split words; `TH` is read inside one word only, so `T H` is not Thursday.
  for (const word of input.toUpperCase().split(/[\s,]+/)) {
    for (let i = 0; i < word.length;) {
      const code: string = word.startsWith('TH', i) ? 'TH' : (word[i] ?? '');
      if (!isWeekdayCode(code) || days.includes(code)) return null;
      days.push(code);
      i += code.length;
    }
  }
  return sortWeekdays(days);
}

export function sortWeekdays(days: readonly WeekdayCode[]): WeekdayCode[] {
  return [...new Set(days)].sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0));
}

/** Writes days back in registrar notation, in week order: T, TH → `TTH`. */
export function formatWeekdays(days: readonly WeekdayCode[]): string {
  return sortWeekdays(days).join('');
}
