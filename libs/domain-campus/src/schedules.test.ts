import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  WEEKDAY_CODES,
  scheduleClashMessage,
  scheduleClashes,
  schedulesOverlap,
  type ScheduleSlot,
} from './index.js';

const slot = (
  days: ScheduleSlot['days'],
  from: string,
  to: string,
  extra: Partial<ScheduleSlot> = {},
): ScheduleSlot => ({
  days,
  from,
  to,
  ...extra,
});

describe('schedule overlap', () => {
  it.each([
    [
      'the same slot',
      slot(['M', 'W', 'F'], '07:30:00', '08:30:00'),
      slot(['M', 'W', 'F'], '07:30:00', '08:30:00'),
      true,
    ],
    [
      'one shared day, overlapping times',
      slot(['M', 'W', 'F'], '07:30:00', '09:00:00'),
      slot(['F'], '08:59:59', '10:00:00'),
      true,
    ],
    [
      'one inside the other',
      slot(['TH'], '07:00:00', '12:00:00'),
      slot(['T', 'TH'], '09:00:00', '10:00:00'),
      true,
    ],
    ['back to back', slot(['M'], '07:30:00', '08:30:00'), slot(['M'], '08:30:00', '09:30:00'), false],
    [
      'Tuesday against Thursday',
      slot(['T'], '07:30:00', '08:30:00'),
      slot(['TH'], '07:30:00', '08:30:00'),
      false,
    ],
    [
      'the same time on other days',
      slot(['M', 'W', 'F'], '07:30:00', '08:30:00'),
      slot(['T', 'TH'], '07:30:00', '08:30:00'),
      false,
    ],
    [
      'Saturday against Sunday',
      slot(['S'], '08:00:00', '17:00:00'),
      slot(['A'], '08:00:00', '17:00:00'),
      false,
    ],
  ])('%s: %s', (_, a, b, expected) => {
    expect(schedulesOverlap(a, b)).toBe(expected);
    expect(schedulesOverlap(b, a)).toBe(expected);
  });

  const time = fc
    .integer({ min: 0, max: 86_399 })
    .map((s) =>
      [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60]
        .map((n) => String(n).padStart(2, '0'))
        .join(':'),
    );
  const schedule = fc
    .tuple(fc.subarray([...WEEKDAY_CODES], { minLength: 1 }), time, time)
    .filter(([, a, b]) => a < b)
    .map(([days, from, to]) => slot(days, from, to));

  it('is symmetric and every schedule overlaps itself', () => {
    fc.assert(
      fc.property(schedule, schedule, (a, b) => {
        expect(schedulesOverlap(a, b)).toBe(schedulesOverlap(b, a));
        expect(schedulesOverlap(a, a)).toBe(true);
      }),
    );
  });
});

describe('schedule clashes', () => {
  const a = slot(['M', 'W'], '10:00:00', '11:30:00', { roomId: 'room-1', instructorId: 'inst-1' });

  it.each([
    ['the same room and instructor', { roomId: 'room-1', instructorId: 'inst-1' }, ['room', 'instructor']],
    ['the same room only', { roomId: 'room-1', instructorId: 'inst-2' }, ['room']],
    ['the same instructor only', { roomId: 'room-2', instructorId: 'inst-1' }, ['instructor']],
    ['neither', { roomId: 'room-2', instructorId: 'inst-2' }, []],
    ['no room or instructor yet', { roomId: null, instructorId: null }, []],
  ])('at the same time with %s', (_, refs, clashes) => {
    expect(scheduleClashes(a, slot(['W'], '11:00:00', '12:00:00', refs))).toEqual(clashes);
  });

  it('finds no clash between schedules that do not overlap', () => {
    expect(
      scheduleClashes(a, slot(['M'], '11:30:00', '12:00:00', { roomId: 'room-1', instructorId: 'inst-1' })),
    ).toEqual([]);
  });

  it('names the schedule already holding the slot', () => {
    expect(scheduleClashMessage('room', 'MWF 10:00–11:30')).toBe(
      'The room is already booked at this time by MWF 10:00–11:30.',
    );
    expect(scheduleClashMessage('instructor', 'IT101-A')).toBe(
      'The instructor already teaches at this time in IT101-A.',
    );
  });
});
