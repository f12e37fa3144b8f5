import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  WEEKDAY_CODES,
  formatWeekdays,
  parseWeekdays,
  sortWeekdays,
  weekdayOptions,
  type WeekdayCode,
} from './index.js';

describe('weekday codes', () => {
  it('lists M T W TH F S A with their day names', () => {
    expect(weekdayOptions.map((o) => `${o.value}=${o.label}`)).toEqual([
      'M=Monday',
      'T=Tuesday',
      'W=Wednesday',
      'TH=Thursday',
      'F=Friday',
      'S=Saturday',
      'A=Sunday',
    ]);
  });

  it.each([
    ['MWF', ['M', 'W', 'F']],
    ['TTH', ['T', 'TH']],
    ['TH', ['TH']],
    ['T', ['T']],
    ['THT', ['T', 'TH']],
    ['MTWTHF', ['M', 'T', 'W', 'TH', 'F']],
    ['MTWTHFSA', ['M', 'T', 'W', 'TH', 'F', 'S', 'A']],
    ['SA', ['S', 'A']],
    ['tth', ['T', 'TH']],
    ['M, W, F', ['M', 'W', 'F']],
    ['FWM', ['M', 'W', 'F']],
    ['', []],
  ])('reads %j as %j', (text, days) => {
    expect(parseWeekdays(text)).toEqual(days);
  });

  it.each(['H', 'MWFX', 'MM', 'TTHTH', 'THH', 'Monday', 'M-W', 'SU', '7', 'T H'])('rejects %j', (text) => {
    expect(parseWeekdays(text)).toBeNull();
  });

  it.each([
    [['M', 'W', 'F'], 'MWF'],
    [['TH', 'T'], 'TTH'],
    [['A', 'S', 'M'], 'MSA'],
    [['M', 'M'], 'M'],
    [[], ''],
  ] as [WeekdayCode[], string][])('writes %j as %s', (days, text) => {
    expect(formatWeekdays(days)).toBe(text);
  });

  const dayLists = fc.subarray([...WEEKDAY_CODES]);

  it('reads back whatever it writes, for every set of days', () => {
    fc.assert(
      fc.property(dayLists, (days) => {
        expect(parseWeekdays(formatWeekdays(days))).toEqual(sortWeekdays(days));
      }),
    );
  });

  it('reads the same days whatever the order they were written in', () => {
    fc.assert(
      fc.property(
        dayLists.chain((days) =>
          fc.shuffledSubarray(days, { minLength: days.length, maxLength: days.length }),
        ),
        (shuffled) => {
          expect(parseWeekdays(shuffled.join(''))).toEqual(sortWeekdays(shuffled));
        },
      ),
    );
  });

  it('loses no letter: whatever it accepts, it reads every letter, and it rejects any letter that is no day', () => {
    const letters = (text: string) => [...text.toUpperCase().replace(/[\s,]+/g, '')].sort().join('');
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom('M', 'T', 'W', 'H', 'F', 'S', 'A', 'x', 'B', ' ', ','),
          maxLength: 12,
        }),
        (text) => {
          const days = parseWeekdays(text);
          if (/[xB]/.test(text)) expect(days).toBeNull();
          if (days) expect(letters(days.join(''))).toBe(letters(text));
        },
      ),
    );
  });
});
