import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { buildApp } from '../../app.js';
import { rows } from '../../platform/db/client.js';
import { startTestApi, TestClock, testConfig } from '../../test/harness.js';
import { insertImportReferences } from './test/references.js';

/**
 * Database connectors against the machine's real servers: PostgreSQL (127.0.0.1:5432, db test) and MariaDB
 * (127.0.0.1:3306, root, db test), each holding a source table the test creates and drops.
 */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');
// The machine's servers are on loopback, which a connection reaches only once the settings list it.
const settings = await api.call('GET', '/core/v1.0/settings', { token: admin });
await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...settings.body.data.settings, apiSourceHosts: ['127.0.0.1'] } });
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, token = admin, body?: unknown) => api.call(method, `${BASE}${url}`, { token, body });
const db = api.database.db;

await insertImportReferences(db);

const suffix = randomBytes(4).toString('hex');
const PG_TABLE = `src_students_${suffix}`;
const MY_TABLE = `src_students_${suffix}`;
const PG_PASSWORD = `pg-Secret-${suffix}-never-shown`;
const MY_PASSWORD = '';

const sourceRow = (prefix: string, i: number) => [
  i,
  `${prefix}-${String(i).padStart(4, '0')}`,
  `Surname${i}, Given${i}`,
  i % 2 ? 'Male' : 'Female',
  '2007-11-30',
  'MAIN',
  'CAS',
  'BSMATH',
  'true',
];
const COLUMNS = ['id', 'studentNumber', 'names', 'gender', 'birthDate', 'campusCode', 'collegeCode', 'courseCode', 'isActive'];

const pgSource = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
await pgSource.connect();
await pgSource.query(`create table ${PG_TABLE} (id integer primary key, "studentNumber" text, names text, gender text, "birthDate" date,
  "campusCode" text, "collegeCode" text, "courseCode" text, "isActive" text, updated_at timestamptz default now())`);
const pgInsert = async (from: number, to: number) => {
  for (let i = from; i <= to; i += 1) await pgSource.query(`insert into ${PG_TABLE} (${COLUMNS.map((c) => `"${c}"`).join(', ')}) values ($1,$2,$3,$4,$5,$6,$7,$8,$9)`, sourceRow('PG', i));
};
await pgInsert(1, 25);

const mySource = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' });
await mySource.query(`create table ${MY_TABLE} (id int primary key, studentNumber varchar(40), names varchar(200), gender varchar(10), birthDate date,
  campusCode varchar(20), collegeCode varchar(20), courseCode varchar(20), isActive varchar(5), updated_at timestamp default current_timestamp)`);
const myInsert = async (from: number, to: number) => {
  for (let i = from; i <= to; i += 1) await mySource.query(`insert into ${MY_TABLE} (${COLUMNS.join(', ')}) values (?,?,?,?,?,?,?,?,?)`, sourceRow('MY', i));
};
await myInsert(1, 12);

afterAll(async () => {
  await pgSource.query(`drop table if exists ${PG_TABLE}`);
  await pgSource.end();
  await mySource.query(`drop table if exists ${MY_TABLE}`);
  await mySource.end();
});

const pgConnection = { name: `Old registrar PG ${suffix}`, kind: 'postgresql', host: '127.0.0.1', port: 5432, database: 'test', username: 'postgres', password: PG_PASSWORD, tls: false };
const myConnection = { name: `Old registrar MariaDB ${suffix}`, kind: 'mariadb', host: '127.0.0.1', port: 3306, database: 'test', username: 'root', password: MY_PASSWORD, tls: false };

async function until(id: string, states: string[]) {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = (await call('GET', `/runs/${id}`)).body.data;
    if (states.includes(run.state)) return run;
    if (Date.now() > end) throw new Error(`run ${id} stayed ${run.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Reads a source into a run and waits until it is staged. */
async function read(connectionId: string, body: Record<string, unknown>) {
  const started = await call('POST', `/connections/${connectionId}/read`, admin, { resource: 'students', ...body });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.data.state).toBe('reading');
  expect(started.body.data.sourceKind).toBe('database');
  return until(started.body.data._id, ['uploaded', 'failed']);
}

async function runIt(run: { _id: string; mapping: Record<string, string> }) {
  const started = await call('POST', `/runs/${run._id}/start`, admin, { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(run._id, ['completed', 'failed']);
}

const count = async (table: string) => (await rows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;
const studentNumbers = async (prefix: string) =>
  (await rows<{ s: string }>(db, sql`select student_number as s from students where student_number like ${`${prefix}-%`} order by 1`)).map((r) => r.s);

let pgId = '';
let myId = '';

describe('database connectors', () => {
  it('answers 403 without DATA', async () => {
    expect((await call('GET', '/connections', registrar)).status).toBe(403);
    expect((await call('POST', '/connections', registrar, pgConnection)).status).toBe(403);
    expect(await count('migration_connections')).toBe(0);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const blank = await call('POST', '/connections', admin, { ...pgConnection, name: '', host: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors.name).toEqual(['Please fillup required fields.']);
    expect(blank.body.fieldErrors.host).toEqual(['Please fillup required fields.']);
    const port = await call('POST', '/connections', admin, { ...pgConnection, port: 70000 });
    expect(port.status).toBe(400);
    expect(JSON.stringify(port.body)).toContain('Enter a port from 1 to 65535.');
    const kind = await call('POST', '/connections', admin, { ...pgConnection, kind: 'oracle' });
    expect(kind.status).toBe(400);
    expect(JSON.stringify(kind.body)).toContain('Choose PostgreSQL, MySQL or MariaDB.');
    expect(await count('migration_connections')).toBe(0);
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_trails where resource = 'migration-connections'`))[0]!.n).toBe(0);
  });

  it('saves connections with the password encrypted and never answers it', async () => {
    const created = await call('POST', '/connections', admin, pgConnection);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    pgId = created.body.data._id;
    expect(created.body.data).toMatchObject({ name: pgConnection.name, kind: 'postgresql', port: 5432, hasPassword: true, tls: false });
    expect(created.body.data).not.toHaveProperty('password');
    const my = await call('POST', '/connections', admin, myConnection);
    expect(my.status, JSON.stringify(my.body)).toBe(201);
    myId = my.body.data._id;
    expect(my.body.data.hasPassword).toBe(false);

    const duplicate = await call('POST', '/connections', admin, { ...pgConnection, name: pgConnection.name.toUpperCase() });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fieldErrors.name).toEqual([`Name is existing in ${pgConnection.name}.`]);

    const [stored] = await rows<{ p: Uint8Array }>(db, sql`select password_sealed as p from migration_connections where id = ${pgId}`);
    const sealed = Buffer.from(stored!.p);
    expect(sealed.length).toBe(1 + 12 + 16 + Buffer.byteLength(PG_PASSWORD));
    expect(sealed.includes(Buffer.from(PG_PASSWORD))).toBe(false);

    // A blank password on an edit keeps the stored one; a new one replaces it.
    const kept = await call('PUT', `/connections/${pgId}`, admin, { ...pgConnection, password: '', name: `${pgConnection.name} (edited)` });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data.hasPassword).toBe(true);
    const [after] = await rows<{ p: Uint8Array }>(db, sql`select password_sealed as p from migration_connections where id = ${pgId}`);
    expect(Buffer.from(after!.p).equals(sealed)).toBe(true);
    const changed = await call('PUT', `/connections/${pgId}`, admin, { ...pgConnection, password: `${PG_PASSWORD}-2` });
    expect(changed.status).toBe(200);

    const answers = [created, my, kept, changed, await call('GET', '/connections'), await call('GET', `/connections/${pgId}`)];
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain(PG_PASSWORD);
      expect(answer.raw.body).not.toContain(PG_PASSWORD);
    }
    const audit = await rows<{ activity: string; changes: unknown }>(db, sql`select activity, changes from audit_trails where resource = 'migration-connections' order by created_at, id`);
    expect(audit.map((a) => a.activity).sort()).toEqual(['Added a database connection', 'Added a database connection', 'Changed a database connection', 'Changed a database connection']);
    expect(JSON.stringify(audit)).not.toContain(PG_PASSWORD);
  });

  it('tests a connection and lists its tables', async () => {
    const ok = await call('POST', `/connections/${pgId}/test`);
    expect(ok.status).toBe(200);
    expect(ok.body.data.ok, ok.body.data.message).toBe(true);
    expect(ok.body.data.message).toMatch(/^Connected: PostgreSQL/);
    const maria = await call('POST', `/connections/${myId}/test`);
    expect(maria.body.data.ok, maria.body.data.message).toBe(true);
    expect(maria.body.data.message).toMatch(/MariaDB/);

    const wrong = await call('POST', '/connections', admin, { ...pgConnection, name: `Nowhere ${suffix}`, port: 1 });
    const failed = await call('POST', `/connections/${wrong.body.data._id}/test`);
    expect(failed.body.data.ok).toBe(false);
    expect(failed.body.data.message).toMatch(/^Could not connect: /);
    expect(failed.body.data.message).not.toContain(PG_PASSWORD);
    expect((await call('DELETE', `/connections/${wrong.body.data._id}`)).status).toBe(200);
    expect((await call('GET', `/connections/${wrong.body.data._id}`)).status).toBe(404);
    const [deleted] = await rows<{ n: number }>(db, sql`select count(*)::int as n from audit_trails where activity = 'Deleted a database connection' and record_id = ${wrong.body.data._id}`);
    expect(deleted!.n).toBe(1);

    expect((await call('GET', `/connections/${pgId}/tables`)).body.data).toContain(PG_TABLE);
    expect((await call('GET', `/connections/${myId}/tables`)).body.data).toContain(MY_TABLE);
  });

  it('previews at most 20 rows of a table or a SELECT, and refuses anything but a read-only SELECT', async () => {
    const table = await call('POST', `/connections/${pgId}/preview`, admin, { table: PG_TABLE });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    expect(table.body.data.headers).toEqual([...COLUMNS, 'updated_at']);
    expect(table.body.data.rows).toHaveLength(20);
    expect(table.body.data.rows[0].slice(0, 5)).toEqual(['1', 'PG-0001', 'Surname1, Given1', 'Male', '2007-11-30']);
    const query = await call('POST', `/connections/${myId}/preview`, admin, { query: `select id, studentNumber from ${MY_TABLE} where id <= 3 order by id` });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(query.body.data).toEqual({ headers: ['id', 'studentNumber'], rows: [['1', 'MY-0001'], ['2', 'MY-0002'], ['3', 'MY-0003']] });

    for (const bad of [
      `delete from ${PG_TABLE}`,
      `update ${PG_TABLE} set names = 'x'`,
      `select 1; drop table ${PG_TABLE}`,
      `with gone as (delete from ${PG_TABLE} returning *) select * from gone`,
      `select * into copy_${suffix} from ${PG_TABLE}`,
      `select pg_sleep(1)`,
    ]) {
      const refused = await call('POST', `/connections/${pgId}/preview`, admin, { query: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.fieldErrors?.query ?? JSON.stringify(refused.body), bad).toBeTruthy();
      const readRefused = await call('POST', `/connections/${pgId}/read`, admin, { resource: 'students', query: bad });
      expect(readRefused.status, bad).toBe(400);
    }
    expect((await pgSource.query(`select count(*)::int as n from ${PG_TABLE}`)).rows[0].n).toBe(25);
    expect(await count('migration_runs')).toBe(0);

    // Past the words, the server itself refuses: the SELECT runs in a READ ONLY transaction.
    await pgSource.query(`create function writes_${suffix}() returns int language plpgsql as $$ begin delete from ${PG_TABLE}; return 1; end $$`);
    try {
      const sneaky = await call('POST', `/connections/${pgId}/preview`, admin, { query: `select writes_${suffix}() as n` });
      expect(sneaky.status).toBe(400);
      expect(sneaky.body.message).toMatch(/read-only transaction/);
      expect((await pgSource.query(`select count(*)::int as n from ${PG_TABLE}`)).rows[0].n).toBe(25);
    } finally {
      await pgSource.query(`drop function writes_${suffix}()`);
    }
  });

  it('reads a PostgreSQL table in full into a run that goes on like an upload', async () => {
    const run = await read(pgId, { table: PG_TABLE });
    expect(run.state, run.message).toBe('uploaded');
    expect(run.headers).toEqual([...COLUMNS, 'updated_at']);
    expect(run.mapping).toMatchObject({ studentNumber: 'studentNumber', names: 'names', campusCode: 'campusCode', id: '' });
    expect(await count('migration_rows')).toBe(25);
    const done = await runIt(run);
    expect(done.counts).toEqual({ read: 25, created: 25, updated: 0, rejected: 0 });
    expect(await studentNumbers('PG')).toHaveLength(25);
  });

  it('reads a PostgreSQL table incrementally by a cursor column', async () => {
    const first = await read(pgId, { table: PG_TABLE, cursorColumn: 'id', incremental: true });
    expect(first.state).toBe('uploaded');
    const [n1] = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_rows where run_id = ${first._id}`);
    expect(n1!.n).toBe(25);
    expect((await call('GET', `/connections/${pgId}`)).body.data.cursors).toEqual([expect.objectContaining({ source: PG_TABLE, cursorColumn: 'id', lastValue: '25' })]);

    await pgInsert(26, 28);
    await pgSource.query(`update ${PG_TABLE} set names = 'Changed, Name' where id = 3`);
    const second = await read(pgId, { table: PG_TABLE, cursorColumn: 'id', incremental: true });
    expect(second.sourceName).toContain('after id 25');
    const staged = await rows<{ cells: Record<string, string> }>(db, sql`select cells from migration_rows where run_id = ${second._id} order by line`);
    expect(staged.map((r) => r.cells.studentNumber)).toEqual(['PG-0026', 'PG-0027', 'PG-0028']);
    const done = await runIt(second);
    expect(done.counts).toEqual({ read: 3, created: 3, updated: 0, rejected: 0 });
    expect(await studentNumbers('PG')).toHaveLength(28);

    const third = await read(pgId, { table: PG_TABLE, cursorColumn: 'id', incremental: true });
    expect(third.state).toBe('failed');
    expect(third.message).toBe('There are no rows newer than the last read.');
  });

  it('reads a SELECT on MariaDB in full, then incrementally', async () => {
    const query = `select id, studentNumber, names, gender, birthDate, campusCode, collegeCode, courseCode, isActive from ${MY_TABLE}`;
    const full = await read(myId, { query });
    expect(full.state, full.message).toBe('uploaded');
    expect(full.headers).toEqual(COLUMNS);
    const done = await runIt(full);
    expect(done.counts).toEqual({ read: 12, created: 12, updated: 0, rejected: 0 });
    expect(await studentNumbers('MY')).toHaveLength(12);
    const [student] = await rows<{ birth_date: string }>(db, sql`select birth_date::text from students where student_number = 'MY-0001'`);
    expect(student!.birth_date).toBe('2007-11-30');

    const first = await read(myId, { table: MY_TABLE, cursorColumn: 'id', incremental: true });
    expect(first.state).toBe('uploaded');
    await myInsert(13, 14);
    const second = await read(myId, { table: MY_TABLE, cursorColumn: 'id', incremental: true });
    const staged = await rows<{ cells: Record<string, string> }>(db, sql`select cells from migration_rows where run_id = ${second._id} order by line`);
    expect(staged.map((r) => r.cells.studentNumber)).toEqual(['MY-0013', 'MY-0014']);
    const twice = await runIt(second);
    expect(twice.counts).toEqual({ read: 2, created: 2, updated: 0, rejected: 0 });
    expect(await studentNumbers('MY')).toHaveLength(14);

    const runs = (await call('GET', '/runs?limit=100')).body.rows as { sourceKind: string; sourceName: string }[];
    expect(runs.filter((r) => r.sourceKind === 'database').length).toBeGreaterThanOrEqual(6);
    expect(JSON.stringify(runs)).not.toContain(PG_PASSWORD);
  });

  it('reads on a schedule: a job of the scheduled-read type stages a run of only the new rows', async () => {
    await pgInsert(29, 30);
    const batchId = await api.app.jobs.createBatch({
      type: 'migration-db-scheduled-read',
      params: { connectionId: pgId, resource: 'students', table: PG_TABLE, cursorColumn: 'id', incremental: true },
      requestedById: null,
      total: 0,
      jobs: [{ params: { connectionId: pgId, resource: 'students', table: PG_TABLE, cursorColumn: 'id', incremental: true }, units: 0 }],
    });
    const end = Date.now() + 30_000;
    let run: { _id: string; state: string; sourceName: string } | undefined;
    while (Date.now() < end) {
      const [found] = await rows<{ id: string }>(db, sql`select id from migration_runs where batch_id = ${batchId}`);
      if (found) run = await until(found.id, ['uploaded', 'failed']);
      if (run) break;
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(run?.state).toBe('uploaded');
    expect(run?.sourceName).toContain('after id 28');
    const staged = await rows<{ cells: Record<string, string> }>(db, sql`select cells from migration_rows where run_id = ${run!._id} order by line`);
    expect(staged.map((r) => r.cells.studentNumber)).toEqual(['PG-0029', 'PG-0030']);
  });

  it('keeps one scheduled read per connection: create, change, run when due, cancel', async () => {
    expect((await call('GET', `/connections/${pgId}/schedule`, registrar)).status).toBe(403);
    expect((await call('GET', `/connections/${pgId}/schedule`)).body.data).toBeNull();
    const input = { resource: 'students', table: PG_TABLE, cursorColumn: 'id', incremental: true, cron: '0 2 * * *', timeZone: 'Asia/Manila', isActive: true };
    const badCron = await call('PUT', `/connections/${pgId}/schedule`, admin, { ...input, cron: 'every night' });
    expect(badCron.status).toBe(400);
    expect(Object.keys(badCron.body.fieldErrors ?? badCron.body.error?.fieldErrors ?? {})).toContain('cron');
    const noCursor = await call('PUT', `/connections/${pgId}/schedule`, admin, { ...input, cursorColumn: '' });
    expect(JSON.stringify(noCursor.body)).toContain('Enter the cursor column for an incremental read.');

    const created = await call('PUT', `/connections/${pgId}/schedule`, admin, input);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({ resource: 'students', table: PG_TABLE, cursorColumn: 'id', incremental: true, cron: '0 2 * * *', timeZone: 'Asia/Manila', isActive: true });
    expect(created.body.data.nextRuns).toHaveLength(5);
    expect(new Date(created.body.data.nextRuns[0]).getUTCHours()).toBe(18);
    // Each step a second later, so that the audit trail's entries have an order (the test clock stands still).
    const tick = () => (api.clock.current = new Date(api.clock.current.getTime() + 1_000));
    tick();
    const changed = await call('PUT', `/connections/${pgId}/schedule`, admin, { ...input, cron: '30 3 * * 1', timeZone: 'UTC' });
    expect(changed.body.data._id).toBe(created.body.data._id);
    expect(changed.body.data).toMatchObject({ cron: '30 3 * * 1', timeZone: 'UTC' });
    const stored = await rows<{ type: string; params: Record<string, unknown> }>(db, sql`select type, params from job_schedules where params->>'connectionId' = ${pgId}`);
    expect(stored).toEqual([{ type: 'migration-db-scheduled-read', params: { connectionId: pgId, resource: 'students', table: PG_TABLE, query: '', cursorColumn: 'id', incremental: true } }]);
    expect((await call('GET', `/connections/${pgId}/schedule`)).body.data._id).toBe(created.body.data._id);

    // When due, the job engine reads the connection into a new run.
    await pgInsert(31, 31);
    const before = await rows<{ id: string }>(db, sql`select id from migration_runs where connection_id = ${pgId}`);
    const due = new Date(api.clock.now().getTime() - 1_000).toISOString();
    await db.execute(sql`update job_schedules set next_run_at = ${due} where id = ${created.body.data._id}`);
    await api.app.jobs.fireSchedules();
    const end = Date.now() + 20_000;
    let fresh: { id: string } | undefined;
    while (!fresh && Date.now() < end) {
      [fresh] = await rows<{ id: string }>(db, sql`select id from migration_runs where connection_id = ${pgId} and not (id = any(${`{${before.map((b) => b.id).join(',')}}`}::uuid[]))`);
      if (!fresh) await new Promise((r) => setTimeout(r, 200));
    }
    expect((await until(fresh!.id, ['uploaded', 'failed'])).state).toBe('uploaded');

    tick();
    expect((await call('DELETE', `/connections/${pgId}/schedule`)).status).toBe(200);
    expect((await call('GET', `/connections/${pgId}/schedule`)).body.data).toBeNull();
    expect((await call('DELETE', `/connections/${pgId}/schedule`)).status).toBe(404);
    const audit = await rows<{ activity: string }>(db, sql`select activity from audit_trails where record_id = ${pgId} and activity like '%scheduled read%' or activity like 'Scheduled a read%' order by created_at`);
    expect(audit.map((a) => a.activity)).toEqual([
      'Scheduled a read of a database connection',
      'Changed the scheduled read of a database connection',
      'Cancelled the scheduled read of a database connection',
    ]);
  }, 60_000);

  it('refuses an unknown cursor column and a read without a target', async () => {
    const noTarget = await call('POST', `/connections/${pgId}/read`, admin, { resource: 'nothing', table: PG_TABLE });
    expect(noTarget.status).toBe(400);
    const noCursor = await call('POST', `/connections/${pgId}/read`, admin, { resource: 'students', table: PG_TABLE, incremental: true });
    expect(noCursor.status).toBe(400);
    expect(JSON.stringify(noCursor.body)).toContain('Enter the cursor column for an incremental read.');
    const missing = await read(pgId, { table: PG_TABLE, cursorColumn: 'nope' });
    expect(missing.state).toBe('failed');
    expect(missing.message).toMatch(/nope/);
  });

  it('keeps the password out of the API log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig(new TestClock()),
      database: api.database,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const headers = { authorization: `Bearer ${admin}` };
      const secret = `${PG_PASSWORD}-logged`;
      const created = await logged.inject({ method: 'POST', url: `${BASE}/connections`, headers, payload: { ...pgConnection, name: `Logged ${suffix}`, password: secret } });
      expect(created.statusCode).toBe(201);
      const bad = await logged.inject({ method: 'POST', url: `${BASE}/connections`, headers, payload: { ...pgConnection, name: '', password: secret } });
      expect(bad.statusCode).toBe(400);
      const id = (await rows<{ id: string }>(db, sql`select id from migration_connections where name = ${`Logged ${suffix}`}`))[0]!.id;
      await logged.inject({ method: 'PUT', url: `${BASE}/connections/${id}`, headers, payload: { ...pgConnection, name: `Logged ${suffix}`, password: `${secret}-2` } });
      await logged.inject({ method: 'POST', url: `${BASE}/connections/${id}/test`, headers });
      await logged.inject({ method: 'POST', url: `${BASE}/connections/${id}/preview`, headers, payload: { query: 'delete from nowhere' } });
      for (const raw of [created, bad]) expect(raw.body).not.toContain(secret);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
