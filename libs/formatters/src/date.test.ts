import { describe, expect, it } from 'vitest';
import { formatDate, toIsoDate } from './index.js';

// 2026-11-21 14:05:09 in Manila (UTC+8).
const instant = new Date('2026-11-21T06:05:09Z');

describe('formatDate', () => {
  it.each([
    ['2026-11-21', {}, 'Nov 21, 2026'],
    ['2026-11-21', { style: 'short' }, '11/21/26'],
    ['2026-11-21', { style: 'long' }, 'November 21, 2026'],
    ['2026-11-21', { style: 'full' }, 'Saturday, November 21, 2026'],
    ['2026-11-21', { locale: 'en-US', style: 'long' }, 'November 21, 2026'],
    ['2026-01-01', { timeZone: 'America/Los_Angeles' }, 'Jan 1, 2026'],
    ['2026-01-01', { timeZone: 'Pacific/Kiritimati', time: true }, 'Jan 1, 2026, 12:00 AM'],
    [instant, {}, 'Nov 21, 2026'],
    [instant, { time: true }, 'Nov 21, 2026, 2:05 PM'],
    [instant, { style: 'long', time: 'medium' }, 'November 21, 2026 at 2:05:09 PM'],
    [instant, { locale: 'en-US', time: true, timeZone: 'UTC' }, 'Nov 21, 2026, 6:05 AM'],
    ['2026-11-21T06:05:09Z', { time: true }, 'Nov 21, 2026, 2:05 PM'],
    ['2026-11-20T20:00:00Z', {}, 'Nov 21, 2026'],
    [instant.getTime(), {}, 'Nov 21, 2026'],
  ] as const)('shows %j with %j as %s', (input, options, expected) => {
    expect(formatDate(input, options).replace(/\u202f/g, ' ')).toBe(expected);
  });

  it.each([
    [''],
    [null],
    [undefined],
    ['not a date'],
    ['2026-02-30'],
    ['2026-13-01'],
    [new Date(Number.NaN)],
    [Number.NaN],
  ])('shows nothing for the invalid or empty date %j', (input) => {
    expect(formatDate(input)).toBe('');
  });

  it('falls back to en-PH for a locale it does not offer', () => {
    expect(formatDate('2026-11-21', { locale: 'fr-FR' as 'en-PH' })).toBe(formatDate('2026-11-21'));
  });
});

describe('toIsoDate', () => {
  it.each([
    ['2026-11-21', undefined, '2026-11-21'],
    ['2026-11-20T20:00:00Z', undefined, '2026-11-21'],
    ['2026-11-20T20:00:00Z', 'UTC', '2026-11-20'],
    [instant, undefined, '2026-11-21'],
    ['nope', undefined, ''],
  ] as const)('gives the calendar date of %j in %s as %s', (input, zone, expected) => {
    expect(toIsoDate(input, zone)).toBe(expected);
  });
});
