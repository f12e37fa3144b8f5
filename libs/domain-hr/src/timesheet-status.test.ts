import { describe, expect, it } from 'vitest';
import { TIMESHEET_DAY_STATUSES, dayStatusOfRecord, timesheetColor, timesheetDayStatus, timesheetLabel } from './index.js';

describe('timesheet day statuses', () => {
  it.each([
    ['ONLEAVE', '#89B8FF', 'On leave'],
    ['LWOP', '#E6D2B6', 'Leave without pay'],
    ['LATE', '#FFAF13', 'Late'],
    ['UNDERTIME', '#FFA6B3', 'Undertime'],
    ['OVERTIME', '#B14FFF', 'Overtime'],
    ['HOLIDAY', '#FF4550', 'Holiday'],
    ['NORMAL', '#21C31D', 'Normal'],
  ])('colours a %s day %s', (status, color, label) => {
    expect(timesheetColor(status)).toBe(color);
    expect(timesheetLabel(status)).toBe(label);
    expect(timesheetDayStatus(status)).toBe(status);
  });

  it.each([['PRESENT'], ['ABSENT'], [''], [null], [undefined], ['ONLEAVE2']])(
    'counts any other value (%j) as a normal day',
    (status) => {
      expect(timesheetDayStatus(status)).toBe('NORMAL');
      expect(timesheetColor(status)).toBe('#21C31D');
    },
  );

  it.each([
    ['late', 'LATE'],
    [' Holiday ', 'HOLIDAY'],
  ])('reads %j as %s regardless of case and spaces', (status, expected) => {
    expect(timesheetDayStatus(status)).toBe(expected);
  });

  it('lists the six special statuses and normal, in the spec order', () => {
    expect(TIMESHEET_DAY_STATUSES.map((s) => s.value)).toEqual([
      'ONLEAVE',
      'LWOP',
      'LATE',
      'UNDERTIME',
      'OVERTIME',
      'HOLIDAY',
      'NORMAL',
    ]);
  });
});

describe('dayStatusOfRecord', () => {
  it.each([
    [{ statuses: [9, 1] }, 'ONLEAVE'],
    [{ statuses: [6], lwopDuration: 3600 }, 'LWOP'],
    [{ statuses: [1, 6] }, 'LATE'],
    [{ statuses: [6], tardinessDuration: 120 }, 'LATE'],
    [{ statuses: [3] }, 'UNDERTIME'],
    [{ statuses: [6, 5] }, 'NORMAL'],
    [{ statuses: null }, 'NORMAL'],
  ] as const)('%j is %s', (record, status) => {
    expect(dayStatusOfRecord(record)).toBe(status);
  });
});
