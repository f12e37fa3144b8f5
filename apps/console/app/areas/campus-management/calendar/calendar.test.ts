import { describe, expect, it } from 'vitest';
import { icsOf, itemsInMonth, itemsOn, monthGrid, monthOf, shiftMonth, type CalendarItem } from './calendar';

const items: CalendarItem[] = [
  {
    id: 'a',
    title: 'Midterm Examinations',
    start: '2026-10-05',
    end: '2026-10-09',
    kind: 'Examination',
    href: '/x/a/edit',
  },
  {
    id: 'b',
    title: 'Christmas Break; no classes, offices open',
    start: '2026-12-19',
    end: '2027-01-03',
    kind: 'Academic Break',
    href: '/x/b/edit',
  },
  {
    id: 'c',
    title: 'Release of midterm grades',
    start: '2026-10-23',
    end: '2026-10-23',
    kind: 'Grade Release Date',
    href: '/x/c/edit',
  },
];

describe('the month view', () => {
  it.each([
    [null, '2026-11'],
    ['2027-02', '2027-02'],
    ['2027-13', '2026-11'],
    ['garbage', '2026-11'],
  ])('reads month %j as %s', (param, expected) => {
    expect(monthOf(param, new Date('2026-11-21T10:00:00Z'))).toBe(expected);
  });

  it.each([
    ['2026-01', -1, '2025-12'],
    ['2026-12', 1, '2027-01'],
    ['2026-05', 0, '2026-05'],
  ])('moves from %s by %i to %s', (month, by, expected) => {
    expect(shiftMonth(month, by)).toBe(expected);
  });

  it('lays a month out in weeks starting on Sunday', () => {
    const weeks = monthGrid('2026-11');
    expect(weeks[0]).toEqual([
      '2026-11-01',
      '2026-11-02',
      '2026-11-03',
      '2026-11-04',
      '2026-11-05',
      '2026-11-06',
      '2026-11-07',
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(monthGrid('2026-10')[0]?.slice(0, 5)).toEqual([null, null, null, null, '2026-10-01']);
  });

  it.each([
    ['2026-10-07', ['a']],
    ['2026-10-23', ['c']],
    ['2027-01-01', ['b']],
    ['2026-10-10', []],
  ])('shows on %s the items %j', (day, ids) => {
    expect(itemsOn(items, day).map((i) => i.id)).toEqual(ids);
  });

  it('keeps the items that overlap a month, including one that began before it', () => {
    expect(itemsInMonth(items, '2027-01').map((i) => i.id)).toEqual(['b']);
    expect(itemsInMonth(items, '2026-10').map((i) => i.id)).toEqual(['a', 'c']);
  });
});

describe('the iCalendar feed', () => {
  const ics = icsOf(items, new Date('2026-11-21T10:00:00.000Z'), 'https://console.example.edu');

  it('is a VCALENDAR with one all-day VEVENT per item, ending the day after the last day', () => {
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(3);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261219\r\nDTEND;VALUE=DATE:20270104');
    expect(ics).toContain('DTSTAMP:20261121T100000Z');
    expect(ics).toContain('URL:https://console.example.edu/x/a/edit');
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(ics).toContain('SUMMARY:Christmas Break\\; no classes\\, offices open');
    for (const line of ics.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    const long = icsOf([{ ...items[0]!, title: 'Pagsusulit '.repeat(20) }], new Date(0), '');
    expect(long).toMatch(/\r\n [^\r\n]/);
  });

  it.each([
    ['CRLF', 'Break\r\nATTENDEE:evil'],
    ['a bare LF', 'Break\nATTENDEE:evil'],
    ['a bare CR', 'Break\rATTENDEE:evil'],
  ])('writes %s in a title as an escaped line break, never a new property', (_kind, title) => {
    const feed = icsOf([{ ...items[0]!, title, href: '/x\r\nATTENDEE:evil', id: 'a\rb' }], new Date(0), '');
    expect(feed).toContain('SUMMARY:Break\\nATTENDEE:evil');
    expect(feed.split('\r\n').some((line) => line.startsWith('ATTENDEE'))).toBe(false);
    // Every line ends with CRLF: no bare CR or LF is left anywhere in the feed.
    expect(feed.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });
});
