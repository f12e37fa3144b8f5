import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows } from './client.js';
import { tableNameOf } from './table-for.js';
import { DEMO_PASSWORD, isEmptyDatabase, seedDemo } from './seed.js';
import { freshDatabase } from '../../test/harness.js';
import { buildApp } from '../../app.js';
import { TestClock, testConfig } from '../../test/harness.js';

const database = await freshDatabase();
/** The day the demo database is "created": far from today, so dates fixed in the code would show. */
const SEEDED_ON = new Date('2031-03-10T02:00:00.000Z');

describe('migrations', () => {
  it('create a table for every registered entity, with the trigram extension', async () => {
    const tables = await rows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = current_schema()`,
    );
    const names = new Set(tables.map((t) => t.table_name));
    for (const entity of entityRegistry.all) expect(names.has(tableNameOf(entity)), entity.resource).toBe(true);
    for (const special of ['sessions', 'password_resets', 'audit_trails']) expect(names.has(special)).toBe(true);
    const [trgm] = await rows<{ n: string }>(database.db, sql`select count(*) as n from pg_extension where extname = 'pg_trgm'`);
    expect(Number(trgm!.n)).toBe(1);
  });
});

describe('prepared statements', () => {
  it.each([
    ['an integer', 42, 42],
    ['a plain token', 'students', 'students'],
    ['a text with quotes', "x' or '1'='1", "x' or '1'='1"],
    ['a text with backslashes', String.raw`%a\_b\'%`, String.raw`%a\_b\'%`],
    ['a text with a line break and accents', 'Peña\nO\u2019Brien', 'Peña\nO\u2019Brien'],
  ])('run with %s as a parameter, which comes back unchanged', async (_name, value, expected) => {
    const [row] = await database.prepared<{ v: unknown }>(sql`select ${value}::text as v`);
    expect(row!.v === expected || Number(row!.v) === expected).toBe(true);
  });

  it.each([[1.5], [true], ['a\u0000b'], ['x'.repeat(10_001)]])('refuse the parameter %j', async (value) => {
    await expect(database.prepared(sql`select ${value} as v`)).rejects.toThrowError('integers and texts only');
  });
});

describe('demo seed', () => {
  it('fills an empty database with the demo university and the two demo accounts', async () => {
    expect(await isEmptyDatabase(database.db)).toBe(true);
    // (How long seeding takes is for a benchmark, not a test: this machine is shared.)
    const counts = await seedDemo(database.db, { argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, now: SEEDED_ON });
    expect(counts).toMatchObject({ applications: 8, campuses: 2, instructors: 50, students: 500, users: 13 });
    expect(counts['enrolled-students']).toBeGreaterThanOrEqual(500);
    expect(counts.sections).toBeGreaterThan(0);
    expect(await isEmptyDatabase(database.db)).toBe(false);
    // A cap, not a target: the whole demo university is written here, on a machine other work shares.
  }, 180_000);

  it('signs in the demo admin, linked to an employee with designation and department', async () => {
    const clock = new TestClock();
    const app = await buildApp({ config: testConfig(clock, { responseEncryption: false }), database, logger: false });
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
    const token = signIn.json().data.token as string;
    const me = (await app.inject({ method: 'GET', url: '/core/v1.0/users/me', headers: { authorization: `Bearer ${token}` } })).json().data;
    expect(me).toMatchObject({ iamAdmin: true, adminScopes: ['IAM', 'CAMPUS', 'CHATBOT', 'SUPPORT', 'FRS', 'DATA', 'REPORTS', 'BATCH'] });
    expect(me.employee).toMatchObject({ designation: { name: expect.any(String) }, department: { name: expect.any(String) } });
    const registrar = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'registrar@example.edu', password: DEMO_PASSWORD } });
    const registrarToken = registrar.json().data.token as string;
    const users = await app.inject({ method: 'GET', url: '/core/v1.0/users', headers: { authorization: `Bearer ${registrarToken}` } });
    expect(users.statusCode).toBe(403);
    const students = await app.inject({ method: 'GET', url: '/core/v1.0/students?limit=5&sort=lastName', headers: { authorization: `Bearer ${registrarToken}` } });
    expect(students.json()).toMatchObject({ count: 500 });
    expect(students.json().rows[0]._labels.courseId).toMatch(/^Bachelor/);
    // The demo registrar's role grants the academic modules of CAMPUS only: HR records are refused.
    const employees = await app.inject({ method: 'GET', url: '/core/v1.0/employees', headers: { authorization: `Bearer ${registrarToken}` } });
    expect(employees.statusCode).toBe(403);
    const registrarMe = await app.inject({ method: 'GET', url: '/core/v1.0/users/me', headers: { authorization: `Bearer ${registrarToken}` } });
    expect(registrarMe.json().data.moduleGrants.CAMPUS).toEqual(
      expect.arrayContaining(['ACADEMIC_STRUCTURE', 'FACULTY_AND_STUDENTS', 'CLASSES', 'ACADEMIC_CALENDAR', 'ANNOUNCEMENTS']),
    );
    expect(registrarMe.json().data.moduleGrants.CAMPUS).not.toContain('HR_RECORDS');
    // The administrator holds no role: every module of every application.
    const adminEmployees = await app.inject({ method: 'GET', url: '/core/v1.0/employees', headers: { authorization: `Bearer ${token}` } });
    expect(adminEmployees.statusCode).toBe(200);
    await app.close();
  });

  it('dates the academic calendar from the day the database was created', async () => {
    const clock = new TestClock(SEEDED_ON);
    const app = await buildApp({ config: testConfig(clock, { responseEncryption: false }), database, logger: false });
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const list = async (path: string) => (await app.inject({ method: 'GET', url: `/core/v1.0/${path}`, headers })).json().rows as Record<string, unknown>[];
    expect((await list('academic-years?search=default:true')).map((y) => [y.code, y.status])).toEqual([['AY2030-2031', 'OPEN']]);
    expect((await list('semesters?search=default:true')).map((s) => [s.code, s.status])).toEqual([['2SEM-2030', 'OPEN']]);
    const months = (dates: unknown[]) => [...new Set(dates.map((d) => String(d).slice(0, 7)))].sort();
    expect(months((await list('calendar-events?limit=100')).map((e) => e.startDate))).toEqual(['2031-03', '2031-04']);
    expect(months((await list('academic-breaks?limit=100')).map((b) => b.startDate))).toEqual(['2031-03', '2031-04']);
    expect(months((await list('grade-release-dates?limit=100')).map((g) => g.releaseDate))).toEqual(['2031-03', '2031-04']);
    const sections = await list('sections?limit=100&search=status:OPEN');
    expect(new Set(sections.map((s) => s.term))).toEqual(new Set(['Second Semester 2030–2031']));
    await app.close();
  });

  it('has a broadcast sent three days before, with delivered, failed and opted-out deliveries in the chatbot report', async () => {
    const clock = new TestClock(SEEDED_ON);
    const app = await buildApp({ config: testConfig(clock, { responseEncryption: false }), database, logger: false });
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const report = (await app.inject({ method: 'GET', url: '/core/v1.0/reports/chatbot?from=2031-03-04&to=2031-03-10', headers })).json();
    expect(report.broadcasts).toHaveLength(1);
    const [sent] = report.broadcasts;
    expect(sent).toMatchObject({ subject: 'Second-semester enrolment opens Monday', failed: 2, optedOut: 2, pending: 0, skipped: 0 });
    expect(sent.delivered).toBeGreaterThan(40);
    expect(sent.startedAt.slice(0, 10)).toBe('2031-03-07');
    await app.close();
  });

  it('has saved migration sources without secrets and a history of runs, one with an error file of its two rejected rows', async () => {
    const clock = new TestClock(SEEDED_ON);
    const app = await buildApp({ config: testConfig(clock, { responseEncryption: false }), database, logger: false });
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
    const headers = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const get = async (path: string) => (await app.inject({ method: 'GET', url: `/core/v1.0/migrations/${path}`, headers })).json();
    expect((await get('connections')).data).toMatchObject([{ name: 'Legacy registrar (MariaDB)', hasPassword: false, cursors: [{ cursorColumn: 'updated_at' }] }]);
    expect((await get('api-sources')).data).toMatchObject([{ name: 'Old SIS REST API', hasSecret: false, pagination: 'page', lastCursor: '2026-11-20T09:15:00Z' }]);
    const runs = await get('runs');
    expect(runs.count).toBe(3);
    expect(runs.rows.map((r: { sourceKind: string }) => r.sourceKind)).toEqual(['api', 'database', 'file']);
    const intake = runs.rows.find((r: { sourceKind: string }) => r.sourceKind === 'file');
    expect(intake.counts).toEqual({ read: 120, created: 118, updated: 0, rejected: 2 });
    const errors = await get(`runs/${intake._id}/errors`);
    const csv = Buffer.from(errors.data.contentBase64, 'base64').toString('utf8');
    expect(csv).toContain('collegeCode: No record with the code CENG.');
    expect(csv.trim().split('\n')).toHaveLength(3);
    await app.close();
  });
});
