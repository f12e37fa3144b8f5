import { describe, expect, it } from 'vitest';
import { academicCalendar } from './seed-data.js';

const at = (iso: string) => new Date(`${iso}T09:00:00Z`);

describe('the demo calendar', () => {
  it.each([
    ['2026-11-23', 'AY2026-2027', '1SEM-2026'],
    ['2027-02-01', 'AY2026-2027', '2SEM-2026'],
    ['2027-06-30', 'AY2026-2027', 'SUM-2027'],
    ['2027-08-10', 'AY2026-2027', 'SUM-2027'],
    ['2027-08-11', 'AY2027-2028', '1SEM-2027'],
    ['2031-12-31', 'AY2031-2032', '1SEM-2031'],
    ['2032-01-01', 'AY2031-2032', '1SEM-2031'],
  ])('on %s opens %s with %s under way', (day, year, semester) => {
    const calendar = academicCalendar(at(day));
    const open = calendar.years.filter((y) => y.status === 'OPEN');
    expect(open.map((y) => y.code)).toEqual([year]);
    expect(calendar.years.find((y) => y.default)?.code).toBe(year);
    const current = calendar.semesters[calendar.currentSemester]!;
    expect(current).toMatchObject({ code: semester, status: 'OPEN', default: true });
    expect(current.startDate <= day).toBe(true);
    expect(calendar.years[current.year]?.code).toBe(year);
    expect(calendar.semesters.filter((s) => s.default)).toHaveLength(1);
  });

  it.each(['2026-11-23', '2027-01-31', '2028-02-29', '2030-12-01'])(
    'on %s dates events, breaks and grade releases in this month and the next',
    (day) => {
      const calendar = academicCalendar(at(day));
      const thisMonth = day.slice(0, 7);
      const d = at(day);
      const nextMonth = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 7);
      const months = (dates: string[]) => new Set(dates.map((x) => x.slice(0, 7)));
      for (const dates of [
        calendar.events.map((e) => e.startDate),
        calendar.breaks.map((b) => b.startDate),
        calendar.gradeReleases.map((g) => g.releaseDate),
      ]) {
        expect(months(dates)).toEqual(new Set([thisMonth, nextMonth]));
      }
      for (const item of [...calendar.events, ...calendar.breaks]) expect(item.endDate >= item.startDate).toBe(true);
    },
  );

  it('keeps past terms closed and later ones upcoming, in date order', () => {
    const calendar = academicCalendar(at('2026-11-23'));
    const statuses = calendar.semesters.map((s) => s.status);
    expect(statuses).toEqual(['CLOSED', 'CLOSED', 'CLOSED', 'OPEN', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING', 'UPCOMING']);
    const starts = calendar.semesters.map((s) => s.startDate);
    expect([...starts].sort()).toEqual(starts);
    expect(calendar.years.map((y) => y.status)).toEqual(['CLOSED', 'OPEN', 'UPCOMING']);
  });
});
