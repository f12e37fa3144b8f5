import { describe, expect, it } from 'vitest';
import { WEEKDAYS_EIGHT_TO_FIVE } from './entities.js';
import { officeCalendar } from './office-calendar.js';
import { addBusinessMinutes, businessMinutesBetween, slaClock, type ClockEvent } from './sla.js';

// A Philippine office open 08:00–17:00 Monday to Friday; Monday 30 November 2026 is Bonifacio Day.
const calendar = officeCalendar({
  utcOffsetMinutes: 480,
  ...WEEKDAYS_EIGHT_TO_FIVE,
  holidays: '2026-11-30 Bonifacio Day',
});
/** An instant given as Manila wall-clock time. */
const ph = (local: string) => new Date(`${local}:00+08:00`);

describe('business-hours arithmetic', () => {
  it.each([
    ['across a weekend and a holiday', '2026-11-27T16:00', 240, '2026-12-01T11:00'],
    ['from a Saturday, skipping the Monday holiday', '2026-11-28T10:00', 60, '2026-12-01T09:00'],
    ['from the evening, starting at the next opening', '2026-11-24T20:00', 30, '2026-11-25T08:30'],
    ['from before opening', '2026-11-25T06:00', 60, '2026-11-25T09:00'],
    ['ending exactly at closing', '2026-11-25T16:00', 60, '2026-11-25T17:00'],
    ['within one day', '2026-11-23T09:15', 45, '2026-11-23T10:00'],
  ])('puts the due time %s', (_case, start, minutes, due) => {
    expect(addBusinessMinutes(calendar, ph(start), minutes)?.toISOString()).toBe(ph(due).toISOString());
  });

  it.each([
    ['Friday 16:00 to Tuesday 09:00', '2026-11-27T16:00', '2026-12-01T09:00', 120],
    ['a whole working week', '2026-11-23T00:00', '2026-11-28T00:00', 5 * 540],
    ['the holiday week (Monday off)', '2026-11-30T00:00', '2026-12-05T00:00', 4 * 540],
    ['a night', '2026-11-24T17:00', '2026-11-25T08:00', 0],
    ['backwards', '2026-11-25T10:00', '2026-11-25T09:00', 0],
  ])('counts %s', (_case, from, to, minutes) => {
    expect(businessMinutesBetween(calendar, ph(from), ph(to))).toBe(minutes);
  });

  it('agrees with itself: the minutes to a due time are the minutes asked for', () => {
    for (let start = ph('2026-11-20T00:00').getTime(); start < ph('2026-12-08T00:00').getTime(); start += 97 * 60_000) {
      for (const minutes of [1, 59, 540, 1000]) {
        const due = addBusinessMinutes(calendar, new Date(start), minutes)!;
        expect(businessMinutesBetween(calendar, new Date(start), due)).toBeCloseTo(minutes, 6);
      }
    }
  });

  it('answers undefined for a calendar that never opens', () => {
    expect(addBusinessMinutes({ utcOffsetMinutes: 0, hours: {}, holidays: [] }, new Date(), 10)).toBeUndefined();
  });
});

describe('the SLA clock from the event log', () => {
  const created: ClockEvent = { at: ph('2026-11-23T08:00'), type: 'created' };
  const targets = { firstResponseMinutes: 120, resolutionMinutes: 600 };

  it('runs in business hours and shows the wall clock beside it', () => {
    const clock = slaClock({ events: [created], calendar, targets: { ...targets, resolutionMinutes: 700 }, now: ph('2026-11-24T09:00') });
    expect(clock.resolution.businessMinutes).toBe(540 + 60);
    expect(clock.resolution.wallMinutes).toBe(25 * 60);
    expect(clock.resolution.status).toBe('near-breach');
    expect(clock.resolution.dueAt?.toISOString()).toBe(ph('2026-11-24T10:40').toISOString());
    expect(clock.firstResponse.status).toBe('breached');
  });

  it('pauses while pending and loses no time when the ticket opens again', () => {
    const events: ClockEvent[] = [
      created,
      { at: ph('2026-11-23T09:00'), type: 'first-response' },
      { at: ph('2026-11-23T10:00'), type: 'state', to: 'pending' },
      { at: ph('2026-11-25T10:00'), type: 'state', to: 'open' },
    ];
    const paused = slaClock({ events: events.slice(0, 3), calendar, targets, now: ph('2026-11-25T09:00') });
    expect(paused.resolution).toMatchObject({ businessMinutes: 120, status: 'paused', dueAt: null });
    expect(paused.firstResponse).toMatchObject({ businessMinutes: 60, status: 'met' });
    const resumed = slaClock({ events, calendar, targets, now: ph('2026-11-25T11:00') });
    expect(resumed.resolution.businessMinutes).toBe(180);
    expect(resumed.resolution.wallMinutes).toBe(180);
    // 420 minutes left: the rest of Wednesday (360) and the first hour of Thursday.
    expect(resumed.resolution.dueAt?.toISOString()).toBe(ph('2026-11-26T09:00').toISOString());
  });

  it('flags near breach at 80 % and breach past the target', () => {
    const at = (local: string) => slaClock({ events: [created], calendar, targets: { firstResponseMinutes: null, resolutionMinutes: 100 }, now: ph(local) });
    expect(at('2026-11-23T09:19').status).toBe('ok');
    expect(at('2026-11-23T09:20').status).toBe('near-breach');
    expect(at('2026-11-23T09:41').status).toBe('breached');
  });

  it('stops at resolution and judges it met or breached', () => {
    const events: ClockEvent[] = [created, { at: ph('2026-11-23T12:00'), type: 'state', to: 'resolved' }];
    const clock = slaClock({ events, calendar, targets, now: ph('2026-11-30T12:00') });
    expect(clock.resolution).toMatchObject({ businessMinutes: 240, status: 'met' });
    expect(clock.firstResponse.status).toBe('breached');
  });

  it('reads the log in time order whatever order it arrives in', () => {
    const events: ClockEvent[] = [
      { at: ph('2026-11-23T10:00'), type: 'state', to: 'pending' },
      created,
      { at: ph('2026-11-23T11:00'), type: 'state', to: 'open' },
    ];
    expect(slaClock({ events, calendar, targets, now: ph('2026-11-23T12:00') }).resolution.businessMinutes).toBe(180);
  });
});
