import { describe, expect, it } from 'vitest';
import { hrSeedYear } from './seed.js';

describe('the demo HR records', () => {
  it.each([
    ['2026-11-23', 2026],
    ['2027-06-30', 2026],
    ['2027-07-01', 2027],
    ['2028-02-29', 2027],
  ])('created on %s are dated in %i, every entry in the past', (day, year) => {
    const created = new Date(`${day}T08:00:00Z`);
    expect(hrSeedYear(created)).toBe(year);
    // The latest dated entry (15 May) lies before the day, and the earliest (1 January) within eighteen months.
    expect(new Date(`${year}-05-15T00:00:00Z`).getTime()).toBeLessThan(created.getTime());
    expect(created.getTime() - new Date(`${year}-01-01T00:00:00Z`).getTime()).toBeLessThan(548 * 86_400_000);
  });
});
