import { describe, expect, it } from 'vitest';
import { computeDailyRecord, dayStatusOf, localDayAndTime, nextClockAction, officialSeconds, type OfficialTime } from './daily-record.js';

const eightToFive: OfficialTime = { timeIn: '08:00:00', timeOut: '17:00:00', breakStart: '12:00:00', breakEnd: '13:00:00', graceMinutes: 15 };
const day = (timesheets: { timeIn: string | null; timeOut: string | null }[], extra: Partial<Parameters<typeof computeDailyRecord>[0]> = {}) =>
  computeDailyRecord({ official: eightToFive, timesheets, isHoliday: false, leave: null, ...extra });

describe('computeDailyRecord', () => {
  it('a full day on time: present, hours worked, 8 hours (break excluded)', () => {
    expect(day([{ timeIn: '07:55:00', timeOut: '17:05:00' }])).toEqual({
      statuses: [5, 6],
      totalDuration: 9 * 3600 + 600 - 3600,
      tardinessDuration: 0,
      undertimeDuration: 0,
      lwopDuration: 0,
    });
  });

  it('late past the grace period: tardiness counted from the official time in', () => {
    const r = day([{ timeIn: '08:42:10', timeOut: '17:00:00' }]);
    expect(r.statuses).toEqual([1, 5, 6]);
    expect(r.tardinessDuration).toBe(42 * 60 + 10);
    expect(dayStatusOf(r)).toBe('LATE');
  });

  it('late within the grace period is not tardiness', () => {
    expect(day([{ timeIn: '08:14:59', timeOut: '17:00:00' }]).tardinessDuration).toBe(0);
  });

  it('leaving early: undertime up to the official time out', () => {
    const r = day([{ timeIn: '08:00:00', timeOut: '15:30:00' }]);
    expect(r.statuses).toEqual([3, 5, 6]);
    expect(r.undertimeDuration).toBe(90 * 60);
    expect(r.totalDuration).toBe(6.5 * 3600);
    expect(dayStatusOf(r)).toBe('UNDERTIME');
  });

  it('a gap outside the break is a gap and counts as undertime; the lunch break is not', () => {
    const lunch = day([{ timeIn: '08:00:00', timeOut: '12:00:00' }, { timeIn: '13:00:00', timeOut: '17:00:00' }]);
    expect(lunch.statuses).toEqual([5, 6]);
    const gap = day([{ timeIn: '08:00:00', timeOut: '10:00:00' }, { timeIn: '11:00:00', timeOut: '17:00:00' }]);
    expect(gap.statuses).toEqual([2, 3, 5, 6]);
    expect(gap.undertimeDuration).toBe(3600);
  });

  it('still in (no time out yet): present, no hours and no undertime yet', () => {
    expect(day([{ timeIn: '07:58:00', timeOut: null }])).toEqual({
      statuses: [6],
      totalDuration: 0,
      tardinessDuration: 0,
      undertimeDuration: 0,
      lwopDuration: 0,
    });
  });

  it('absent on a working day: absent, the official hours without pay', () => {
    const r = day([]);
    expect(r.statuses).toEqual([4]);
    expect(r.lwopDuration).toBe(8 * 3600);
    expect(dayStatusOf(r)).toBe('LWOP');
  });

  it('on leave covered by credits: on leave, nothing unpaid; without credits: leave without pay', () => {
    const paid = day([], { leave: { paid: true } });
    expect(paid).toMatchObject({ statuses: [9], lwopDuration: 0 });
    expect(dayStatusOf(paid)).toBe('ONLEAVE');
    expect(day([], { leave: { paid: false } })).toMatchObject({ statuses: [9], lwopDuration: 8 * 3600 });
  });

  it('a holiday is neither absent nor late', () => {
    expect(day([], { isHoliday: true })).toMatchObject({ statuses: [], lwopDuration: 0 });
    const worked = day([{ timeIn: '10:00:00', timeOut: '12:00:00' }], { isHoliday: true });
    expect(worked).toMatchObject({ statuses: [5, 6], tardinessDuration: 0, undertimeDuration: 0 });
    expect(dayStatusOf(worked, { isHoliday: true })).toBe('HOLIDAY');
  });

  it('official business: OB, not absent', () => {
    expect(day([], { isOfficialBusiness: true })).toMatchObject({ statuses: [8], lwopDuration: 0 });
  });

  it('no official time that day: no official time, hours still counted', () => {
    expect(computeDailyRecord({ official: null, timesheets: [{ timeIn: '09:00:00', timeOut: '11:30:00' }], isHoliday: false, leave: null })).toEqual({
      statuses: [5, 6, 7],
      totalDuration: 2.5 * 3600,
      tardinessDuration: 0,
      undertimeDuration: 0,
      lwopDuration: 0,
    });
  });

  it('a night shift ending the next day', () => {
    const night: OfficialTime = { timeIn: '22:00:00', timeOut: '06:00:00' };
    expect(officialSeconds(night)).toBe(8 * 3600);
    const r = computeDailyRecord({ official: night, timesheets: [{ timeIn: '22:30:00', timeOut: '06:00:00' }], isHoliday: false, leave: null });
    expect(r).toMatchObject({ tardinessDuration: 1800, undertimeDuration: 0, totalDuration: 7.5 * 3600 });
  });

  it('overtime when worked past the official hours', () => {
    const r = day([{ timeIn: '07:30:00', timeOut: '19:00:00' }]);
    expect(dayStatusOf(r, { official: eightToFive })).toBe('OVERTIME');
  });

  it('never adds up to more than a day (property)', () => {
    for (let i = 0; i < 300; i++) {
      const t = () => `${String(Math.floor(Math.random() * 24)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}:00`;
      const r = day(Array.from({ length: 1 + Math.floor(Math.random() * 3) }, () => ({ timeIn: t(), timeOut: Math.random() < 0.8 ? t() : null })));
      for (const v of [r.totalDuration, r.tardinessDuration, r.undertimeDuration, r.lwopDuration]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(86_400);
      }
      expect(r.statuses).toEqual([...r.statuses].sort((a, b) => a - b));
    }
  });
});

describe('nextClockAction', () => {
  it('first event of the day is a time in, the next closes it, the third opens a new pair', () => {
    expect(nextClockAction([])).toEqual({ kind: 'time-in' });
    expect(nextClockAction([{ timeIn: '08:00:00', timeOut: null }])).toEqual({ kind: 'time-out', index: 0 });
    expect(nextClockAction([{ timeIn: '08:00:00', timeOut: '12:00:00' }])).toEqual({ kind: 'time-in' });
  });
  it('never closes a manually adjusted timesheet', () => {
    expect(nextClockAction([{ timeIn: '08:00:00', timeOut: null, isAdjusted: true }])).toEqual({ kind: 'time-in' });
  });
});

describe('localDayAndTime', () => {
  it('gives the local date, time and weekday in the time zone', () => {
    expect(localDayAndTime(new Date('2026-11-22T23:30:05Z'), 'Asia/Manila')).toEqual({ date: '2026-11-23', time: '07:30:05', weekday: 1 });
  });
});
