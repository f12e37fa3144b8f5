import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { decodeEnvelope } from '@campus/api-contract';
import { buildApp } from '../app.js';
import { openDatabase } from './db/client.js';
import { insertAccount } from './db/users.js';
import { ENCRYPTION_KEY, TEST_PASSWORD, TestClock, testConfig } from '../test/harness.js';
import { scratchPostgres } from '../test/scratch-postgres.js';
import { closeAtFileEnd } from '../test/file-end.js';

// Two API instances, each with its own pool and its own caches, on one PostgreSQL database: what one writes, the
// other reads at once. (The embedded database opens in one process only, so there is nothing to share there.)
const serverUrl = process.env.TEST_DATABASE_URL;

async function twoApis() {
  const url = await scratchPostgres(serverUrl!);
  const clock = new TestClock();
  const config = testConfig(clock);
  const [first, second] = [await openDatabase({ databaseUrl: url, poolSize: 4 }), await openDatabase({ databaseUrl: url, poolSize: 4 })];
  const apps = [await buildApp({ config, database: first, logger: false }), await buildApp({ config, database: second, logger: false })];
  await insertAccount(first.db, { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: ['IAM', 'CAMPUS'], iamAdmin: true }, config.argon2);
  closeAtFileEnd(async () => {
    for (const app of apps) await app.close();
    await first.close();
    await second.close();
  });
  await insertAccount(first.db, { email: 'registrar@example.edu', password: TEST_PASSWORD, firstName: 'Gabriela', lastName: 'Silang', adminScopes: ['CAMPUS'] }, config.argon2);
  const call = async (which: 0 | 1, method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: object) => {
    const raw = await apps[which]!.inject({ method, url: path, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(body ? { payload: body } : {}) });
    return { status: raw.statusCode, body: decodeEnvelope(raw.body, ENCRYPTION_KEY) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };
  const signIn = async (email: string) =>
    (await call(0, 'POST', '/core/v1.0/auth', undefined, { email, password: TEST_PASSWORD })).body.data.token as string;
  return { call, signIn, token: await signIn('admin@example.edu'), url };
}

describe.runIf(serverUrl)('two API processes on one PostgreSQL database', () => {
  it('answer the very next read through one with the write just made through the other', async () => {
    const { call, token } = await twoApis();
    const created = await call(0, 'POST', '/core/v1.0/campuses', token, { code: 'TWO', name: 'Twin Campus 0' });
    expect(created.status).toBe(201);
    const id = created.body.data._id as string;
    const page = '/core/v1.0/campuses?sort=name&limit=20';
    const search = '/core/v1.0/campuses?q=twin&limit=20';
    for (let round = 1; round <= 10; round += 1) {
      const [writer, reader] = round % 2 ? ([0, 1] as const) : ([1, 0] as const);
      // The reader has the page, the search and the record in its caches before the write.
      await call(reader, 'GET', page, token);
      await call(reader, 'GET', search, token);
      const renamed = await call(writer, 'PUT', `/core/v1.0/campuses/${id}`, token, { name: `Twin Campus ${round}` });
      expect(renamed.status).toBe(200);
      const names = (answer: { body: { rows: { name: string }[] } }) => answer.body.rows.map((r) => r.name);
      expect(names(await call(reader, 'GET', page, token))).toContain(`Twin Campus ${round}`);
      expect(names(await call(reader, 'GET', search, token))).toEqual([`Twin Campus ${round}`]);
      expect((await call(reader, 'GET', `/core/v1.0/campuses/${id}`, token)).body.data.name).toBe(`Twin Campus ${round}`);
    }
  });

  it('end a session everywhere when it is signed out through the other', async () => {
    const { call, token } = await twoApis();
    const me = await call(1, 'GET', '/core/v1.0/users/me', token);
    expect(me.status).toBe(200);
    expect((await call(0, 'POST', `/core/v1.0/auth/logout/${me.body.data._id}`, token)).status).toBe(200);
    expect((await call(1, 'GET', '/core/v1.0/users/me', token)).status).toBe(401);
  });

  it('take a scope away, a setting and a write made without the API into account at once in the other', async () => {
    const { call, signIn, token, url } = await twoApis();
    const registrar = await signIn('registrar@example.edu');
    const campuses = '/core/v1.0/campuses?sort=name&limit=20';
    // Both have the registrar's session, the list and the settings remembered.
    for (const which of [0, 1] as const) {
      expect((await call(which, 'GET', campuses, registrar)).status).toBe(200);
      expect((await call(which, 'GET', '/core/v1.0/settings/sign-in-panel')).status).toBe(200);
    }
    const users = await call(0, 'GET', '/core/v1.0/users?q=registrar&limit=20', token);
    const registrarId = users.body.rows[0]._id as string;
    expect((await call(0, 'PUT', `/core/v1.0/users/${registrarId}`, token, { adminScopes: [] })).status).toBe(200);
    expect((await call(1, 'GET', campuses, registrar)).status).toBe(403);

    const settings = (await call(1, 'GET', '/core/v1.0/settings', token)).body.data.settings;
    expect((await call(1, 'PUT', '/core/v1.0/settings', token, { ...settings, mission: 'Changed through the second' })).status).toBe(200);
    expect((await call(0, 'GET', '/core/v1.0/settings/sign-in-panel')).body.data.mission).toBe('Changed through the second');

    // A writer that is not an API process (an import, a database console).
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    await other.query(`insert into campuses (code, name) values ('RAW', 'Raw Campus')`);
    await other.end();
    for (const which of [0, 1] as const) {
      const names = (await call(which, 'GET', campuses, token)).body.rows.map((r: { name: string }) => r.name);
      expect(names).toContain('Raw Campus');
    }
  });

  it('let two transactions that defer their change counters write one table side by side, the counters raised at each commit', async () => {
    const url = await scratchPostgres(serverUrl!);
    const [first, second, watcher] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    for (const client of [first, second, watcher]) await client.connect();
    try {
      const notices: string[] = [];
      watcher.on('notification', (message) => notices.push(message.payload ?? ''));
      await watcher.query('listen table_changed');
      const versionOf = async () => Number((await watcher.query(`select coalesce((select version from list_versions where table_name = 'campuses'), 0) as v`)).rows[0].v);
      const before = await versionOf();
      const write = async (client: pg.Client, code: string) => {
        await client.query('begin');
        await client.query(`select set_config('campus.list_versions', 'deferred', true)`);
        await client.query(`insert into campuses (code, name, is_active, created_at, updated_at) values ($1, $1, true, now(), now())`, [code]);
        await client.query(`update campuses set name = name || '!' where code = $1`, [code]);
      };
      await write(first, 'SIDE-A');
      // Without the deferral, this insert would wait for the first transaction's lock on the counter's row.
      await write(second, 'SIDE-B');
      expect(await versionOf()).toBe(before);
      await second.query('select raise_deferred_list_versions()');
      await second.query('commit');
      expect(await versionOf()).toBe(before + 1);
      await first.query('select raise_deferred_list_versions()');
      await first.query('commit');
      expect(await versionOf()).toBe(before + 2);
      await expect.poll(() => notices.filter((n) => n === 'campuses').length).toBe(2);
      // Outside a deferring transaction every statement raises the counter at once, as before.
      await first.query(`update campuses set name = 'Side A' where code = 'SIDE-A'`);
      expect(await versionOf()).toBe(before + 3);
    } finally {
      for (const client of [first, second, watcher]) await client.end();
    }
  });
});
