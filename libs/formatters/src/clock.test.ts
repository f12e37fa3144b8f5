import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, isClock, parseClock } from './index.js';

describe('formatClock', () => {
  it.each([
    [0, '00:00:00'],
    [59, '00:00:59'],
    [3723, '01:02:03'],
    [45296, '12:34:56'],
    [86399, '23:59:59'],
    [86400, '00:00:00'],
    [90061, '01:01:01'],
    [-1, '23:59:59'],
    [59.9, '00:00:59'],
    [Number.NaN, '00:00:00'],
    [Infinity, '00:00:00'],
  ])('shows %d seconds after midnight as %s', (seconds, expected) => {
    expect(formatClock(seconds)).toBe(expected);
  });
});

describe('parseClock', () => {
  it.each([
    ['00:00:00', 0],
    ['01:02:03', 3723],
    ['12:34:56', 45296],
    ['23:59:59', 86399],
    [' 08:00:00 ', 28800],
  ])('reads %s as %d seconds', (text, expected) => {
    expect(parseClock(text)).toBe(expected);
    expect(isClock(text)).toBe(true);
  });

  it.each([
    ['24:00:00'],
    ['7:00:00'],
    ['12:60:00'],
    ['12:00:60'],
    ['12:00'],
    ['12:00:00 PM'],
    ['12:00:00.5'],
    ['-01:00:00'],
    ['ab:cd:ef'],
    [''],
    [null],
    [undefined],
  ])('rejects %j, which is not a valid 24-hour time', (text) => {
    expect(parseClock(text)).toBeNull();
    expect(isClock(text)).toBe(false);
  });

  it('reads back every time of day it shows', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 86399 }), (s) => {
        expect(parseClock(formatClock(s))).toBe(s);
      }),
    );
  });
});

describe('formatDuration', () => {
  it.each([
    [3723, '1h 2m 3s'],
    [59, '0h 0m 59s'],
    [0, '0h 0m 0s'],
    [3600, '1h 0m 0s'],
    [90000, '25h 0m 0s'],
    [61.7, '0h 1m 1s'],
    [-61, '-0h 1m 1s'],
    [Number.NaN, '0h 0m 0s'],
  ])('shows %d seconds as %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it('adds the parts back up to the whole seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (s) => {
        const m = /^(\d+)h (\d+)m (\d+)s$/.exec(formatDuration(s));
        expect(m).not.toBeNull();
        const [, h, min, sec] = m!.map(Number);
        expect(h! * 3600 + min! * 60 + sec!).toBe(s);
        expect(min).toBeLessThan(60);
        expect(sec).toBeLessThan(60);
      }),
    );
  });
});
