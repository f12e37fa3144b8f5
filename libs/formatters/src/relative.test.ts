import { describe, expect, it } from 'vitest';
import {
  formatDueIn,
  formatDueTime,
  formatShortDuration,
  formatZonedTime,
  timeZoneAbbreviation,
} from './index.js';

// Tuesday 1 December 2026, 08:00 in Manila (UTC+8).
const now = new Date('2026-12-01T00:00:00Z');
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);

describe('formatShortDuration', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [300, '5 min'],
    [3600, '1 h'],
    [5400, '1 h 30 min'],
    [7200, '2 h'],
    [86_400, '1 d'],
    [97_200, '1 d 3 h'],
    [-7200, '2 h'],
    [Number.NaN, '0 s'],
  ])('shows %d seconds as %s', (seconds, expected) => {
    expect(formatShortDuration(seconds)).toBe(expected);
  });
});

describe('formatZonedTime', () => {
  it('shows weekday, 24-hour time and PHT for Manila', () => {
    expect(formatZonedTime(hours(2))).toBe('Tue 10:00 PHT');
  });
  it('adds the date when asked', () => {
    expect(formatZonedTime(hours(2), { withDate: true })).toBe('Tue, Dec 1, 10:00 PHT');
  });
  it('uses the zone it is given', () => {
    expect(formatZonedTime(hours(2), { timeZone: 'UTC' })).toBe('Tue 02:00 UTC');
    expect(formatZonedTime(hours(2), { timeZone: 'America/Los_Angeles' })).toBe('Mon 18:00 PST');
  });
  it('shows nothing for an invalid date', () => {
    expect(formatZonedTime('nope')).toBe('');
  });
  it('names zones without a known abbreviation as Intl does', () => {
    expect(timeZoneAbbreviation('Asia/Tokyo', now)).toBe('GMT+9');
  });
});

describe('formatDueIn', () => {
  it.each([
    [hours(2), 'due in 2 h', 'upcoming'],
    [hours(0.25), 'due in 15 min', 'upcoming'],
    [hours(0.005), 'due now', 'now'],
    [hours(-3.25), 'overdue by 3 h 15 min', 'overdue'],
    [hours(-50), 'overdue by 2 d 2 h', 'overdue'],
  ] as const)('reads %s as %s', (due, text, state) => {
    expect(formatDueIn(due, now)).toEqual({ text, state });
  });
  it('reads an invalid due time as nothing', () => {
    expect(formatDueIn('', now).text).toBe('');
  });
});

describe('formatDueTime', () => {
  it('joins how far and when, with the zone', () => {
    expect(formatDueTime(hours(2), now)).toBe('due in 2 h · Tue 10:00 PHT');
  });
  it('names the date of a due time more than six days away', () => {
    expect(formatDueTime(hours(24 * 8 + 2), now)).toBe('due in 8 d 2 h · Wed, Dec 9, 10:00 PHT');
  });
  it('says overdue for a past due time', () => {
    expect(formatDueTime(hours(-1), now)).toBe('overdue by 1 h · Tue 07:00 PHT');
  });
});
