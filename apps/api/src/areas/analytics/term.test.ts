import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_CURRENT_TERM, resolveRange } from '@campus/api-contract';
import { startTestApi, type TestApi } from '../../test/harness.js';
import { manilaTime } from '../../test/reports.js';
import { area as accessArea } from '../access-management/area.js';
import { area as reportsArea } from './area.js';

const TERM = '/core/v1.0/reports/current-term';
/** An instant given as Manila wall-clock time. */
const ph = manilaTime;

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({}, { areas: [accessArea, reportsArea] });
});

const termOn = async (local: string) => {
  api.clock.current = ph(local);
  // A new session at each moment: the clock jumps weeks, past a session's life.
  const r = await api.call('GET', TERM, { token: await api.signIn('auditor@example.edu') });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as { code: string; from: string; to: string } | null;
};

describe('the current term (the “This term” period)', () => {
  it('is none before the academic calendar has a term with dates', async () => {
    expect(await termOn('2026-11-23T16:00')).toBeNull();
  });

  describe('with the calendar the seed builds (first and second semester, midyear term)', () => {
    beforeAll(async () => {
      await api.database.db.execute(sql`insert into semesters (code, description, "default", start_date, end_date, status) values
        ('SUM-2026', 'Midyear Term 2026', false, '2026-06-08', '2026-07-24', 'CLOSED'),
        ('1SEM-2026', 'First Semester 2026–2027', true, '2026-08-11', '2026-12-19', 'OPEN'),
        ('2SEM-2026', 'Second Semester 2026–2027', false, '2027-01-12', '2027-05-22', 'UPCOMING'),
        ('NODATES', 'A term without dates', false, null, null, 'UPCOMING')`);
    });

    it('is the semester whose dates hold today', async () => {
      expect(await termOn('2026-11-23T16:00')).toEqual({ code: '1SEM-2026', description: 'First Semester 2026–2027', from: '2026-08-11', to: '2026-12-19' });
    });

    it('is the last one started during a break', async () => {
      expect((await termOn('2027-01-05T10:00'))?.code).toBe('1SEM-2026');
    });

    it('turns at midnight in Manila: 00:30 on 12 January (16:30 UTC on the 11th) is the second semester', async () => {
      expect((await termOn('2027-01-11T23:30'))?.code).toBe('1SEM-2026');
      expect(await termOn('2027-01-12T00:30')).toMatchObject({ code: '2SEM-2026', from: '2027-01-12', to: '2027-05-22' });
    });
  });

  it('answers 403 without REPORTS', async () => {
    expect((await api.call('GET', TERM, { token: await api.signIn('registrar@example.edu') })).status).toBe(403);
  });
});

describe('the “This term” preset', () => {
  const term = { code: '1SEM-2026', description: 'First Semester 2026–2027', from: '2026-08-11', to: '2026-12-19' };
  it('covers the term’s first to last day, against as many days just before', () => {
    expect(resolveRange({ preset: 'term', term }, 'Asia/Manila', ph('2026-11-23T16:00'))).toEqual({
      from: '2026-08-11',
      to: '2026-12-19',
      days: 131,
      previous: { from: '2026-04-02', to: '2026-08-10' },
    });
  });

  it('says so when the calendar has no current term', () => {
    expect(resolveRange({ preset: 'term', term: null }, 'Asia/Manila', ph('2026-11-23T16:00'))).toEqual({ error: NO_CURRENT_TERM });
  });
});
