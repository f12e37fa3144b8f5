import { describe, expect, it } from 'vitest';
import { isRealDate } from './fields.js';

/** What `isRealDate` counts, as the calendar of JavaScript's `Date` has it (its round trip through `toISOString`). */
function byDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

describe('isRealDate', () => {
  it('agrees with the calendar of Date on every day number of every month of leap, common and century years', () => {
    const pad = (n: number, width: number) => String(n).padStart(width, '0');
    let checked = 0;
    let real = 0;
    for (const year of [0, 1, 4, 100, 400, 1582, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999]) {
      for (let month = 0; month <= 13; month += 1) {
        for (let day = 0; day <= 32; day += 1) {
          const value = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
          expect(isRealDate(value), value).toBe(byDate(value));
          checked += 1;
          if (byDate(value)) real += 1;
        }
      }
    }
    expect(checked).toBe(14 * 14 * 33);
    // Of the 14 years, six are leap (0, 4, 400, 2000, 2024, 2400); 100, 1900 and 2100 are not.
    expect(real).toBe(8 * 365 + 6 * 366);
  });

  it('refuses what is not yyyy-mm-dd', () => {
    for (const value of ['2024-2-29', '24-02-29', '2024-02-29 ', ' 2024-02-29', '2024/02/29', '2024-02-29T00:00:00Z', '', '２０２４-02-29']) {
      expect(isRealDate(value), value).toBe(false);
    }
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
  });
});
