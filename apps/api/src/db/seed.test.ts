import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { rows } from './client.js';
import { tableNameOf } from './table-for.js';
import { DEMO_PASSWORD, isEmptyDatabase, seedDemo } from './seed.js';
import { freshDatabase } from '../test/harness.js';
import { buildApp } from '../app.js';
import { TestClock, testConfig } from '../test/harness.js';

const database = await freshDatabase();

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
  ])('run with %s as a parameter', async (_name, value, expected) => {
    const [row] = await database.prepared<{ v: unknown }>(sql`select ${value} as v`);
    expect(row!.v === expected || Number(row!.v) === expected).toBe(true);
  });

  it.each([["x' or '1'='1"], ['1.5'], [1.5], ['a b']])('refuse the parameter %j', async (value) => {
    await expect(database.prepared(sql`select ${value} as v`)).rejects.toThrowError('integers and plain tokens only');
  });
});

describe('demo seed', () => {
  it('fills an empty database with the demo university and the two demo accounts', async () => {
    expect(await isEmptyDatabase(database.db)).toBe(true);
    const started = Date.now();
    const counts = await seedDemo(database.db, { argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 } });
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(counts).toMatchObject({ applications: 8, campuses: 2, instructors: 50, students: 500, users: 2 });
    expect(counts['enrolled-students']).toBeGreaterThanOrEqual(500);
    expect(counts.sections).toBeGreaterThan(0);
    expect(await isEmptyDatabase(database.db)).toBe(false);
  });

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
    await app.close();
  });
});
