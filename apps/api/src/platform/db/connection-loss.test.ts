import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { rows } from './client.js';
import { startTestApi } from '../../test/harness.js';
import { isDatabaseUnavailable, SERVICE_UNAVAILABLE } from './unavailable.js';

describe('what counts as the database being away', () => {
  it.each([
    ['a terminated backend', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a closed database', Object.assign(new Error('database "x" is not currently accepting connections'), { code: '55000' })],
    ['a lost socket, wrapped by the ORM', new Error('Failed query', { cause: new Error('Connection terminated unexpectedly') })],
  ])('%s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a bug', new TypeError('x is undefined')],
  ])('but not %s', (_name, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * PostgreSQL only (PGlite runs inside the process and has no connection to lose): the test database's backends
 * are terminated with `pg_terminate_backend`, as a database restart, a failover or an idle timeout would, and
 * the database is closed to new connections for a while with `allow_connections`.
 */
describe.skipIf(!serverUrl)('PostgreSQL connections that drop', async () => {
  // A skipped suite is still collected: set nothing up without PostgreSQL.
  if (!serverUrl) return it('needs TEST_DATABASE_URL');
  const api = await startTestApi();
  const [{ name }] = (await rows<{ name: string }>(api.database.db, sql`select current_database() as name`)) as [{ name: string }];
  const server = new pg.Client({ connectionString: serverUrl });
  await server.connect();
  afterAll(async () => {
    await server.query(`alter database "${name}" allow_connections true`);
    await server.end();
  });
  const terminate = async () => {
    const result = await server.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
    return result.rowCount ?? 0;
  };
  const token = await api.signIn('admin@example.edu');
  const me = () => api.call('GET', '/core/v1.0/users/me', { token });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('survives losing every idle connection and answers the next request', async () => {
    // Open several pooled connections, leave them idle, then cut them all.
    await Promise.all(Array.from({ length: 8 }, () => me()));
    expect(await terminate()).toBeGreaterThan(0);
    await settle();
    expect((await me()).status).toBe(200);
    expect((await api.call('GET', '/healthz')).body).toEqual({ status: 'ok', database: 'up' });
  });

  it('under load answers 200 or 503, never 500, saves nothing by halves, and carries on', async () => {
    const statuses: number[] = [];
    const created: string[] = [];
    const attempted: string[] = [];
    let n = 0;
    const worker = async () => {
      while (n < 240) {
        n += 1;
        const i = n;
        if (i % 3 === 0) {
          const code = `LOAD${i}`;
          attempted.push(code);
          const result = await api.call('POST', '/core/v1.0/campuses', { token, body: { code, name: `Load Campus ${i}` } });
          statuses.push(result.status);
          if (result.status === 201) created.push(code);
          else expect(result.body.message).toBe(SERVICE_UNAVAILABLE);
        } else {
          const result = await (i % 3 === 1 ? me() : api.call('GET', '/core/v1.0/campuses?limit=5', { token }));
          statuses.push(result.status);
          if (result.status !== 200) expect(result.body.message).toBe(SERVICE_UNAVAILABLE);
        }
      }
    };
    const cutter = async () => {
      for (let round = 0; round < 3; round += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        await terminate();
      }
    };
    await Promise.all([...Array.from({ length: 8 }, worker), cutter()]);

    expect(statuses.filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    await settle();
    // Every campus acknowledged is stored, and nothing refused was stored.
    const stored = await rows<{ code: string }>(api.database.db, sql`select code from campuses where code like 'LOAD%'`);
    expect(stored.map((r) => r.code).sort()).toEqual([...created].sort());
    for (let i = 0; i < 10; i += 1) expect((await me()).status).toBe(200);
  });

  it('answers 503 in plain words and reports it in /healthz while the database is away, then recovers without a restart', async () => {
    await server.query(`alter database "${name}" allow_connections false`);
    await terminate();
    await settle();

    const away = await me();
    expect(away.status).toBe(503);
    expect(away.body).toEqual({ message: SERVICE_UNAVAILABLE });
    expect(away.raw.headers['retry-after']).toBe('5');
    const health = await api.call('GET', '/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'error', database: 'down', message: 'The database cannot be reached.' });
    expect((await api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'whatever it is' } })).status).toBe(503);

    await server.query(`alter database "${name}" allow_connections true`);
    expect((await me()).status).toBe(200);
    expect((await api.call('GET', '/healthz')).status).toBe(200);
  });
});
