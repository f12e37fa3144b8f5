import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import mysql from 'mysql2/promise';
import { startTestApi } from '../../test/harness.js';
import { previewSource, readSource, type SourceConnection } from './sources.js';

/**
 * What a saved database connection may reach and do, against the machine's real servers (PostgreSQL on
 * 127.0.0.1:5432 and MariaDB on 127.0.0.1:3306, db test): the host allow-list of the settings, one answer for a
 * server that cannot be reached, the connect timeout, and reads that cannot write to the source.
 */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, body?: unknown) => api.call(method, `${BASE}${url}`, { token: admin, body });

const suffix = randomBytes(4).toString('hex');
const WRITTEN = `guard_written_${suffix}`;

const pgSource = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
await pgSource.connect();
const mySource = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' });

/** A port where nothing listens: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A port that accepts connections and never says anything (a firewall that drops, a service that waits). */
const sockets: Socket[] = [];
const silent: Server = createServer((socket) => {
  sockets.push(socket);
  socket.on('error', () => undefined);
});
await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
const silentPort = (silent.address() as AddressInfo).port;

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await pgSource.query(`drop table if exists ${WRITTEN}`);
  await pgSource.end();
  await mySource.query(`drop table if exists ${WRITTEN}`);
  await mySource.end();
});

async function allowHosts(hosts: string[]) {
  const current = await api.call('GET', '/core/v1.0/settings', { token: admin });
  const saved = await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...current.body.data.settings, apiSourceHosts: hosts } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

let n = 0;
async function connection(settings: Record<string, unknown>): Promise<string> {
  n += 1;
  const created = await call('POST', '/connections', { name: `Guard ${n} ${suffix}`, database: 'test', tls: false, password: '', ...settings });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data._id as string;
}
const pgAt = (host: string, port = 5432, more: Record<string, unknown> = {}) =>
  connection({ kind: 'postgresql', host, port, username: 'postgres', ...more });
const myAt = (host: string, port = 3306, more: Record<string, unknown> = {}) => connection({ kind: 'mariadb', host, port, username: 'root', ...more });

const test = async (id: string) => {
  const answer = await call('POST', `/connections/${id}/test`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as { ok: boolean; message: string };
};

const tableExists = async () => ({
  postgresql: (await pgSource.query(`select to_regclass('public.${WRITTEN}') as t`)).rows[0].t !== null,
  mariadb: ((await mySource.query(`select count(*) as n from information_schema.tables where table_schema = 'test' and table_name = ?`, [WRITTEN])) as unknown as [{ n: number }[]])[0][0]!.n > 0,
});

describe('the hosts a database connection may reach', () => {
  it('reaches no host, loopback by address or by name included, until the settings list it', async () => {
    await allowHosts([]);
    const byAddress = await pgAt('127.0.0.1');
    const byName = await myAt('localhost');
    for (const id of [byAddress, byName]) {
      const started = Date.now();
      const answer = await test(id);
      // Refused before any connection is tried.
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(answer.ok).toBe(false);
      expect(answer.message).toMatch(/^Could not connect: The host (127\.0\.0\.1|localhost) is not on the list of hosts data sources may reach \(Settings\)\.$/);
      const tables = await call('GET', `/connections/${id}/tables`);
      expect(tables.status).toBe(400);
      expect(tables.body.message).toMatch(/is not on the list/);
      const preview = await call('POST', `/connections/${id}/preview`, { table: '', query: 'select 1 as a', cursorColumn: '' });
      expect(preview.status).toBe(400);
      expect(preview.body.message).toMatch(/is not on the list/);
    }

    await allowHosts(['sis.example.edu']);
    expect((await test(byAddress)).message).toBe('Could not connect: The host 127.0.0.1 is not on the list of hosts data sources may reach (Settings).');

    await allowHosts(['127.0.0.1', 'localhost']);
    expect(await test(byAddress)).toMatchObject({ ok: true, message: expect.stringMatching(/^Connected: PostgreSQL/) });
    expect(await test(byName)).toMatchObject({ ok: true, message: expect.stringMatching(/^Connected: .*MariaDB/) });
  });

  it('gives one answer for a closed port and a silent one, within the 10 s connect timeout', async () => {
    await allowHosts(['127.0.0.1']);
    const closed = await closedPort();
    const ids = await Promise.all([pgAt('127.0.0.1', closed), pgAt('127.0.0.1', silentPort), myAt('127.0.0.1', closed), myAt('127.0.0.1', silentPort)]);
    const started = Date.now();
    const answers = await Promise.all(ids.map(test));
    expect(Date.now() - started).toBeLessThan(14_000);
    for (const answer of answers) expect(answer).toEqual({ ok: false, message: 'Could not connect: No database server answered at this host and port.' });
  }, 30_000);

  it("answers a wrong password at once with the server's own message", async () => {
    await allowHosts(['127.0.0.1']);
    const maria = await myAt('127.0.0.1', 3306, { password: `wrong-${suffix}` });
    const started = Date.now();
    const answer = await test(maria);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/^Could not connect: Access denied for user 'root'/);
    expect(answer.message).not.toContain(`wrong-${suffix}`);
    // The machine's PostgreSQL trusts every local password; an unknown role is its refusal of the sign-in.
    const postgres = await pgAt('127.0.0.1', 5432, { username: `nobody_${suffix}`, password: `wrong-${suffix}` });
    expect((await test(postgres)).message).toBe(`Could not connect: role "nobody_${suffix}" does not exist`);
  }, 20_000);
});

describe('a read-only SELECT', () => {
  const pgQuery = `select E'\\'' as a) as s0;commit;create table ${WRITTEN}(a int);select * from (select 'x' as b`;
  const myQuery = `select '\\'' as a) as s0;commit;create table ${WRITTEN}(a int);select * from (select 'x' as b`;

  it('is refused when an escaped quote hides more statements, and nothing is written', async () => {
    await allowHosts(['127.0.0.1']);
    const pgId = await pgAt('127.0.0.1');
    const myId = await myAt('127.0.0.1');
    for (const [id, query] of [[pgId, pgQuery], [myId, myQuery]] as const) {
      const preview = await call('POST', `/connections/${id}/preview`, { table: '', query, cursorColumn: '' });
      expect(preview.status, JSON.stringify(preview.body)).toBe(400);
      const read = await call('POST', `/connections/${id}/read`, { resource: 'students', table: '', query, cursorColumn: '', incremental: false });
      expect(read.status, JSON.stringify(read.body)).toBe(400);
    }
    expect(await tableExists()).toEqual({ postgresql: false, mariadb: false });
  });

  it('is one statement for the server, whatever the text check lets through', async () => {
    const base = { database: 'test', password: '', tls: false, tlsCa: '', allowedHosts: ['127.0.0.1'] };
    const postgres: SourceConnection = { ...base, kind: 'postgresql', host: '127.0.0.1', port: 5432, username: 'postgres' };
    const maria: SourceConnection = { ...base, kind: 'mariadb', host: '127.0.0.1', port: 3306, username: 'root' };
    for (const [conn, query] of [[postgres, pgQuery], [maria, myQuery]] as const) {
      const spec = { table: '', query, cursorColumn: '' };
      await expect(previewSource(conn, spec)).rejects.toThrow(/^The source could not be read: /);
      await expect(readSource(conn, spec, { timeoutMs: 5_000 }, async () => undefined)).rejects.toThrow(/^The source could not be read: /);
    }
    expect(await tableExists()).toEqual({ postgresql: false, mariadb: false });
  });
});
