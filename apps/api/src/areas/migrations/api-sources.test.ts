import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { rows } from '../../platform/db/client.js';
import { startTestApi, TestClock, testConfig } from '../../test/harness.js';
import { nextLink } from './api-reader.js';
import { hostProblem, isInternalAddress } from './host-guard.js';
import { insertImportReferences } from './test/references.js';

/**
 * API sources against a real HTTP server on loopback serving students as paged JSON in each pagination style, with
 * a bearer token or a key header; full and incremental reads, and the host allow-list of the system settings.
 */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
const registrar = await api.signIn('registrar@example.edu');
const BASE = '/core/v1.0/migrations';
const call = (method: string, url: string, token = admin, body?: unknown) => api.call(method, `${BASE}${url}`, { token, body });
const db = api.database.db;

await insertImportReferences(db);

const suffix = randomBytes(4).toString('hex');
const TOKEN = `api-Token-${suffix}-never-shown`;
const KEY = `api-Key-${suffix}-never-shown`;

/** The source system's students: nested campus, a numeric id and an ISO time to read incrementally by. */
const student = (prefix: string, i: number) => ({
  id: i,
  studentNumber: `${prefix}-${String(i).padStart(4, '0')}`,
  names: `Surname${i}, Given${i}`,
  gender: i % 2 ? 'Male' : 'Female',
  birthDate: '2007-11-30',
  campus: { code: 'MAIN', name: 'Main Campus' },
  collegeCode: 'CAS',
  courseCode: 'BSMATH',
  isActive: true,
  updatedAt: `2026-03-01T00:00:${String(i % 60).padStart(2, '0')}.${String(i).padStart(3, '0')}Z`,
});
const source = { rows: Array.from({ length: 25 }, (_, i) => student('API', i + 1)) };
const addRows = (from: number, to: number) => {
  for (let i = from; i <= to; i += 1) source.rows.push(student('API', i));
};

const requests: { path: string; auth: string | undefined; key: string | undefined }[] = [];

function serve(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://source');
  requests.push({ path: `${url.pathname}${url.search}`, auth: req.headers.authorization, key: req.headers['x-api-key'] as string | undefined });
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const since = url.searchParams.get('updated_since');
  const rowsSince = since ? source.rows.filter((r) => r.updatedAt > since) : source.rows;
  switch (url.pathname) {
    case '/v1/students': {
      // Page numbers, a bearer token, the rows under `data`, and the since parameter honoured.
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: 'unauthorised' });
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('per_page') ?? '10');
      return json(200, { data: rowsSince.slice((page - 1) * size, page * size), meta: { page } });
    }
    case '/v2/students': {
      // Offsets, a key header, the rows as the answer itself.
      if (req.headers['x-api-key'] !== KEY) return json(403, { error: 'forbidden' });
      const offset = Number(url.searchParams.get('offset') ?? '0');
      const size = Number(url.searchParams.get('limit') ?? '10');
      return json(200, rowsSince.slice(offset, offset + size));
    }
    case '/v3/students': {
      // A cursor the answer names; the since parameter ignored (the reader keeps only newer rows itself).
      const at = Number(url.searchParams.get('cursor') ?? '0');
      const size = Number(url.searchParams.get('limit') ?? '10');
      const next = at + size < source.rows.length ? String(at + size) : null;
      return json(200, { result: { items: source.rows.slice(at, at + size) }, paging: { next } });
    }
    case '/v4/students': {
      // The Link header's next address, relative, seven rows a page.
      const p = Number(url.searchParams.get('p') ?? '1');
      const last = Math.ceil(source.rows.length / 7);
      const link: Record<string, string> = p < last ? { link: `</v4/students?p=${p + 1}>; rel="next", </v4/students?p=${last}>; rel="last"` } : {};
      return json(200, source.rows.slice((p - 1) * 7, p * 7), link);
    }
    case '/elsewhere':
      return json(200, [student('ELSE', 1)], { link: `<http://localhost:${port}/v4/students?p=2>; rel="next"` });
    case '/moved':
      res.writeHead(302, { location: '/v4/students' });
      return res.end();
    case '/text':
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html>not json</html>');
    default:
      return json(404, { error: 'not found' });
  }
}

const server = createServer(serve);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
const origin = `http://127.0.0.1:${port}`;

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function setAllowedHosts(hosts: string) {
  const current = await api.call('GET', '/core/v1.0/settings', { token: admin });
  const saved = await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...current.body.data.settings, apiSourceHosts: hosts } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.data.settings.apiSourceHosts as string[];
}

async function until(id: string, states: string[]) {
  const end = Date.now() + 60_000;
  for (;;) {
    const run = (await call('GET', `/runs/${id}`)).body.data;
    if (states.includes(run.state)) return run;
    if (Date.now() > end) throw new Error(`run ${id} stayed ${run.state}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

async function read(id: string, incremental = false) {
  const started = await call('POST', `/api-sources/${id}/read`, admin, { resource: 'students', incremental });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  expect(started.body.data).toMatchObject({ state: 'reading', sourceKind: 'api' });
  return until(started.body.data._id, ['uploaded', 'failed']);
}

async function runIt(run: { _id: string; mapping: Record<string, string> }) {
  const started = await call('POST', `/runs/${run._id}/start`, admin, { mapping: run.mapping, mode: 'skip', dateFormat: 'mm/dd/yyyy' });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return until(run._id, ['completed', 'failed']);
}

const studentNumbers = async (prefix: string) =>
  (await rows<{ s: string }>(db, sql`select student_number as s from students where student_number like ${`${prefix}-%`} order by 1`)).map((r) => r.s);
const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}-${String(from + i).padStart(4, '0')}`);

const paged = { name: `Old SIS pages ${suffix}`, baseUrl: `${origin}/v1/students`, authKind: 'bearer', secret: TOKEN, pagination: 'page', pageParam: 'page', sizeParam: 'per_page', pageSize: 10, rowsPath: 'data', cursorField: 'updatedAt', sinceParam: 'updated_since' };
let pagedId = '';

describe('the allow-list of hosts', () => {
  it('knows the addresses inside the network', () => {
    for (const inside of ['127.0.0.1', '10.1.2.3', '172.20.0.1', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1', 'fec0::1'])
      expect(isInternalAddress(inside), inside).toBe(true);
    for (const outside of ['8.8.8.8', '151.101.1.69', '2606:4700::1111']) expect(isInternalAddress(outside), outside).toBe(false);
  });

  it('lets only listed hosts through, and an address inside the network only when the host itself is listed', () => {
    expect(hostProblem('sis.example.edu', ['8.8.8.8'], [])).toMatch(/not on the list/);
    expect(hostProblem('metadata', ['169.254.169.254'], [])).toMatch(/not on the list/);
    expect(hostProblem('sis.example.edu', ['8.8.8.8'], ['*.example.edu'])).toBeNull();
    expect(hostProblem('sis.example.edu', ['10.0.0.5'], ['*.example.edu'])).toMatch(/inside the network/);
    expect(hostProblem('sis.example.edu', ['10.0.0.5'], ['sis.example.edu'])).toBeNull();
    expect(hostProblem('example.edu', ['8.8.8.8'], ['*.example.edu'])).toMatch(/not on the list/);
    expect(hostProblem('other.org', ['8.8.8.8'], ['sis.example.edu'])).toMatch(/not on the list/);
    expect(hostProblem('[::1]', ['::1'], ['::1'])).toBeNull();
  });

  it('reads the next address of a Link header', () => {
    expect(nextLink('<https://a/x?p=2>; rel="next", <https://a/x?p=9>; rel="last"')).toBe('https://a/x?p=2');
    expect(nextLink('<https://a/x?p=1>; rel="prev", <https://a/x?p=3>; rel=next')).toBe('https://a/x?p=3');
    expect(nextLink('<https://a/x?p=9>; rel="last"')).toBeNull();
    expect(nextLink(undefined)).toBeNull();
  });

  it('is a system setting, normalised, with a clear message for a bad host', async () => {
    expect(await setAllowedHosts('')).toEqual([]);
    expect(await setAllowedHosts(' SIS.Example.edu\n*.campus.example.edu, 10.0.0.5 sis.example.edu ')).toEqual(['sis.example.edu', '*.campus.example.edu', '10.0.0.5']);
    const current = await api.call('GET', '/core/v1.0/settings', { token: admin });
    const bad = await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...current.body.data.settings, apiSourceHosts: 'http://sis.example.edu/' } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Enter host names such as sis.example.edu');
    expect(await setAllowedHosts('')).toEqual([]);
  });
});

describe('API sources', () => {
  it('answers 403 without DATA', async () => {
    expect((await call('GET', '/api-sources', registrar)).status).toBe(403);
    expect((await call('POST', '/api-sources', registrar, paged)).status).toBe(403);
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_api_sources`))[0]!.n).toBe(0);
  });

  it('refuses bad input with field errors and saves nothing', async () => {
    const bad = await call('POST', '/api-sources', admin, { name: '', baseUrl: 'ftp://sis.example.edu/', authKind: 'header', pagination: 'cursor', pageParam: 'cursor', pageSize: 5000 });
    expect(bad.status).toBe(400);
    const fields = JSON.stringify(bad.body);
    expect(fields).toContain('Please fillup required fields.');
    expect(fields).toContain('Enter an http:// or https:// address.');
    expect(fields).toContain('Enter a number from 1 to 1000.');
    const withCredentials = await call('POST', '/api-sources', admin, { ...paged, baseUrl: `http://user:pw@127.0.0.1:${port}/v1/students` });
    expect(withCredentials.status).toBe(400);
    expect(JSON.stringify(withCredentials.body)).toContain('Put the credentials in the authentication fields, not in the address.');
    const noHeader = await call('POST', '/api-sources', admin, { ...paged, authKind: 'header', authHeader: 'Host' });
    expect(noHeader.status).toBe(400);
    expect(JSON.stringify(noHeader.body)).toContain('Enter a header name such as X-Api-Key.');
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_api_sources`))[0]!.n).toBe(0);
  });

  it('saves a source with its secret encrypted, never answered, and audited only as set', async () => {
    const created = await call('POST', '/api-sources', admin, paged);
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    pagedId = created.body.data._id;
    expect(created.body.data).toMatchObject({ name: paged.name, authKind: 'bearer', hasSecret: true, pagination: 'page', pageSize: 10, lastCursor: null });
    expect(JSON.stringify(created.body)).not.toContain(TOKEN);
    const [stored] = await rows<{ secret_sealed: Buffer }>(db, sql`select secret_sealed from migration_api_sources where id = ${pagedId}`);
    expect(Buffer.from(stored!.secret_sealed).toString('utf8')).not.toContain(TOKEN);
    const duplicate = await call('POST', '/api-sources', admin, { ...paged, name: paged.name.toUpperCase() });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.fieldErrors.name).toEqual([`Name is existing in ${paged.name}.`]);
    const list = await call('GET', '/api-sources');
    expect(JSON.stringify(list.body)).not.toContain(TOKEN);
    const audit = await rows<{ changes: unknown }>(db, sql`select changes from audit_trails where resource = 'migration-api-sources'`);
    expect(audit.length).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    expect(JSON.stringify(audit)).toContain('set');
  });

  it('refuses every host, loopback and metadata addresses too, until the settings list it', async () => {
    const test = await call('POST', `/api-sources/${pagedId}/test`);
    expect(test.body.data.ok).toBe(false);
    expect(test.body.data.message).toContain('The host 127.0.0.1 is not on the list');
    const preview = await call('POST', `/api-sources/${pagedId}/preview`);
    expect(preview.status).toBe(400);
    const failed = await read(pagedId);
    expect(failed.state).toBe('failed');
    expect(failed.message).toContain('not on the list');
    expect(requests.length).toBe(0);

    const metadata = await call('POST', '/api-sources', admin, { name: `Metadata ${suffix}`, baseUrl: 'http://169.254.169.254/latest/meta-data/' });
    expect((await call('POST', `/api-sources/${metadata.body.data._id}/test`)).body.data.message).toContain('The host 169.254.169.254 is not on the list');
    const named = await call('POST', '/api-sources', admin, { name: `Loopback name ${suffix}`, baseUrl: `http://localhost:${port}/v4/students` });
    expect((await call('POST', `/api-sources/${named.body.data._id}/test`)).body.data.message).toContain('The host localhost is not on the list');

    await setAllowedHosts('127.0.0.1');
    expect((await call('POST', `/api-sources/${named.body.data._id}/test`)).body.data.message).toContain('The host localhost is not on the list');
    expect((await call('POST', `/api-sources/${metadata.body.data._id}/test`)).body.data.message).toContain('not on the list');
    expect(requests.length).toBe(0);
    const ok = await call('POST', `/api-sources/${pagedId}/test`);
    expect(ok.body.data).toEqual({ ok: true, message: 'Connected: 10 rows on the first page.' });
    expect(requests.at(-1)).toMatchObject({ path: '/v1/students?page=1&per_page=10', auth: `Bearer ${TOKEN}` });
    // A listed name goes through the guarded lookup to its loopback address.
    await setAllowedHosts('127.0.0.1\nlocalhost');
    expect((await call('POST', `/api-sources/${named.body.data._id}/test`)).body.data).toEqual({ ok: true, message: 'Connected: 7 rows on the first page.' });
    await setAllowedHosts('127.0.0.1');
    for (const id of [metadata.body.data._id, named.body.data._id]) expect((await call('DELETE', `/api-sources/${id}`)).status).toBe(200);
  });

  it('previews the first rows with nested fields as dotted columns', async () => {
    const preview = await call('POST', `/api-sources/${pagedId}/preview`);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data.headers).toEqual(['id', 'studentNumber', 'names', 'gender', 'birthDate', 'campus.code', 'campus.name', 'collegeCode', 'courseCode', 'isActive', 'updatedAt']);
    expect(preview.body.data.rows.length).toBe(10);
    expect(preview.body.data.rows[0].slice(0, 6)).toEqual(['1', 'API-0001', 'Surname1, Given1', 'Male', '2007-11-30', 'MAIN']);
  });

  it('reads page by page in full, then only newer rows, into runs that go on like an upload', async () => {
    requests.length = 0;
    const run = await read(pagedId);
    expect(run.state, run.message).toBe('uploaded');
    expect(requests.map((r) => r.path)).toEqual(['/v1/students?page=1&per_page=10', '/v1/students?page=2&per_page=10', '/v1/students?page=3&per_page=10']);
    expect(run.mapping['campus.code']).toBe('campusCode');
    expect(run.mapping.studentNumber).toBe('studentNumber');
    const done = await runIt(run);
    expect(done.state, done.message).toBe('completed');
    expect(done.counts).toMatchObject({ read: 25, created: 25, updated: 0, rejected: 0 });
    expect(await studentNumbers('API')).toEqual(range('API', 1, 25));
    const saved = (await call('GET', `/api-sources/${pagedId}`)).body.data;
    expect(saved.lastCursor).toBe(source.rows[24]!.updatedAt);

    addRows(26, 31);
    requests.length = 0;
    const next = await read(pagedId, true);
    expect(next.state, next.message).toBe('uploaded');
    expect(next.sourceName).toContain(`after updatedAt ${source.rows[24]!.updatedAt}`);
    expect(requests[0]!.path).toBe(`/v1/students?updated_since=${encodeURIComponent(source.rows[24]!.updatedAt)}&page=1&per_page=10`);
    const nextDone = await runIt(next);
    expect(nextDone.counts).toMatchObject({ read: 6, created: 6, rejected: 0 });
    expect(await studentNumbers('API')).toEqual(range('API', 1, 31));

    const nothing = await read(pagedId, true);
    expect(nothing.state).toBe('failed');
    expect(nothing.message).toBe('There are no rows newer than the last read.');
  });

  it('reads by offset with a key header, by a cursor in the answer and by the Link header', async () => {
    const offset = await call('POST', '/api-sources', admin, { name: `Offsets ${suffix}`, baseUrl: `${origin}/v2/students`, authKind: 'header', authHeader: 'X-Api-Key', secret: KEY, pagination: 'offset', pageParam: 'offset', sizeParam: 'limit', pageSize: 12 });
    expect(offset.status, JSON.stringify(offset.body)).toBe(201);
    requests.length = 0;
    const byOffset = await read(offset.body.data._id);
    expect(byOffset.state, byOffset.message).toBe('uploaded');
    expect(requests.map((r) => r.path)).toEqual(['/v2/students?offset=0&limit=12', '/v2/students?offset=12&limit=12', '/v2/students?offset=24&limit=12']);
    expect(requests.every((r) => r.key === KEY && r.auth === undefined)).toBe(true);
    const offsetRows = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_rows where run_id = ${byOffset._id}`);
    expect(offsetRows[0]!.n).toBe(31);

    const cursor = await call('POST', '/api-sources', admin, { name: `Cursors ${suffix}`, baseUrl: `${origin}/v3/students`, pagination: 'cursor', pageParam: 'cursor', sizeParam: 'limit', pageSize: 10, nextPath: 'paging.next', rowsPath: 'result.items', cursorField: 'id' });
    expect(cursor.status, JSON.stringify(cursor.body)).toBe(201);
    requests.length = 0;
    const byCursor = await read(cursor.body.data._id);
    expect(requests.map((r) => r.path)).toEqual(['/v3/students?limit=10', '/v3/students?cursor=10&limit=10', '/v3/students?cursor=20&limit=10', '/v3/students?cursor=30&limit=10']);
    expect(byCursor.state, byCursor.message).toBe('uploaded');
    expect((await call('GET', `/api-sources/${cursor.body.data._id}`)).body.data.lastCursor).toBe('31');
    addRows(32, 33);
    // The source ignores any since parameter: the reader keeps only the rows past the cursor itself.
    const newer = await read(cursor.body.data._id, true);
    expect(newer.state, newer.message).toBe('uploaded');
    const kept = await rows<{ n: string }>(db, sql`select cells->>'studentNumber' as n from migration_rows where run_id = ${newer._id} order by line`);
    expect(kept.map((r) => r.n)).toEqual(['API-0032', 'API-0033']);
    expect((await runIt(newer)).counts).toMatchObject({ read: 2, created: 2 });

    const link = await call('POST', '/api-sources', admin, { name: `Links ${suffix}`, baseUrl: `${origin}/v4/students`, pagination: 'link' });
    requests.length = 0;
    const byLink = await read(link.body.data._id);
    expect(byLink.state, byLink.message).toBe('uploaded');
    expect(requests.map((r) => r.path)).toEqual(['/v4/students', '/v4/students?p=2', '/v4/students?p=3', '/v4/students?p=4', '/v4/students?p=5']);
    const linkRun = await runIt(byLink);
    expect(linkRun.counts).toMatchObject({ read: 33, created: 0, updated: 33, rejected: 0 });
  });

  it('gives one answer for a closed port and a silent one', async () => {
    await setAllowedHosts('127.0.0.1');
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const held: Socket[] = [];
    const silent = createNetServer((socket) => held.push(socket.on('error', () => undefined)));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const answers = await Promise.all(
        [closedPort, (silent.address() as AddressInfo).port].map(async (p, i) => {
          const made = await call('POST', '/api-sources', admin, { name: `Unreachable ${i} ${suffix}`, baseUrl: `http://127.0.0.1:${p}/v1/students` });
          return (await call('POST', `/api-sources/${made.body.data._id}/test`)).body.data;
        }),
      );
      for (const answer of answers) expect(answer).toEqual({ ok: false, message: 'Could not connect: No server answered at this address in time.' });
    } finally {
      for (const s of held) s.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  }, 30_000);

  it('fails a read with a clear message: a redirect, not JSON, no rows list, a next page elsewhere, a refused token', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ baseUrl: `${origin}/moved` }, 'The source answered HTTP 302 (a redirect); save the address it points to instead.'],
      [{ baseUrl: `${origin}/text` }, "The source's answer is not JSON."],
      [{ baseUrl: `${origin}/v1/students`, authKind: 'bearer', secret: 'wrong' }, 'The source answered HTTP 401 Unauthorized.'],
      [{ baseUrl: `${origin}/v3/students`, rowsPath: 'data' }, 'The answer has no list of rows at data.'],
      [{ baseUrl: `${origin}/elsewhere`, pagination: 'link' }, "The next page's address is on another host; it was not followed."],
      [{ baseUrl: `${origin}/v4/students`, cursorField: 'nothere' }, "The source's rows have no field nothere."],
    ];
    for (const [i, [settings, message]] of cases.entries()) {
      const created = await call('POST', '/api-sources', admin, { name: `Broken ${i} ${suffix}`, ...settings });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const run = await read(created.body.data._id);
      expect(run.state).toBe('failed');
      expect(run.message).toContain(message);
      await call('DELETE', `/api-sources/${created.body.data._id}`);
    }
  });

  it('keeps one scheduled read per source: create, change, run when due with only new rows, cancel', async () => {
    expect((await call('GET', `/api-sources/${pagedId}/schedule`, registrar)).status).toBe(403);
    expect((await call('GET', `/api-sources/${pagedId}/schedule`)).body.data).toBeNull();
    const input = { resource: 'students', incremental: true, cron: '0 2 * * *', timeZone: 'Asia/Manila', isActive: true };
    const badCron = await call('PUT', `/api-sources/${pagedId}/schedule`, admin, { ...input, cron: 'every night' });
    expect(badCron.status).toBe(400);
    expect(Object.keys(badCron.body.fieldErrors)).toContain('cron');
    const noTarget = await call('PUT', `/api-sources/${pagedId}/schedule`, admin, { ...input, resource: 'nothing' });
    expect(noTarget.body.fieldErrors.resource).toEqual(['Choose what to import.']);

    const created = await call('PUT', `/api-sources/${pagedId}/schedule`, admin, input);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject(input);
    expect(created.body.data.nextRuns).toHaveLength(5);
    const tick = () => (api.clock.current = new Date(api.clock.current.getTime() + 1_000));
    tick();
    const changed = await call('PUT', `/api-sources/${pagedId}/schedule`, admin, { ...input, cron: '30 3 * * 1', timeZone: 'UTC' });
    expect(changed.body.data).toMatchObject({ _id: created.body.data._id, cron: '30 3 * * 1', timeZone: 'UTC' });
    const stored = await rows<{ type: string; params: Record<string, unknown> }>(db, sql`select type, params from job_schedules where params->>'apiSourceId' = ${pagedId}`);
    expect(stored).toEqual([{ type: 'migration-api-scheduled-read', params: { apiSourceId: pagedId, resource: 'students', incremental: true } }]);

    // When due, the job engine reads the source past its cursor into a new run, left for a person to check and run.
    addRows(34, 35);
    const before = await rows<{ id: string }>(db, sql`select id from migration_runs where api_source_id = ${pagedId}`);
    await db.execute(sql`update job_schedules set next_run_at = ${new Date(api.clock.now().getTime() - 1_000).toISOString()} where id = ${created.body.data._id}`);
    await api.app.jobs.fireSchedules();
    const end = Date.now() + 20_000;
    let fresh: { id: string } | undefined;
    while (!fresh && Date.now() < end) {
      [fresh] = await rows<{ id: string }>(db, sql`select id from migration_runs where api_source_id = ${pagedId} and not (id = any(${`{${before.map((b) => b.id).join(',')}}`}::uuid[]))`);
      if (!fresh) await new Promise((r) => setTimeout(r, 200));
    }
    const staged = await until(fresh!.id, ['uploaded', 'failed']);
    expect(staged.state, staged.message).toBe('uploaded');
    const numbers = await rows<{ n: string }>(db, sql`select cells->>'studentNumber' as n from migration_rows where run_id = ${staged._id} order by line`);
    // Past the last read of this source (row 31): the rows added since for the other sources' reads, and the two new ones.
    expect(numbers.map((r) => r.n)).toEqual(range('API', 32, 35));

    tick();
    expect((await call('DELETE', `/api-sources/${pagedId}/schedule`)).status).toBe(200);
    expect((await call('GET', `/api-sources/${pagedId}/schedule`)).body.data).toBeNull();
    const again = await call('DELETE', `/api-sources/${pagedId}/schedule`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('This API source has no scheduled read.');
    const audit = await rows<{ activity: string }>(db, sql`select activity from audit_trails where record_id = ${pagedId} and activity like '%read%' order by created_at`);
    expect(audit.map((a) => a.activity)).toEqual(['Scheduled a read of an API source', 'Changed the scheduled read of an API source', 'Cancelled the scheduled read of an API source']);
  }, 60_000);

  it('keeps the stored secret on a blank edit, forgets it with no authentication, and keeps runs when deleted', async () => {
    const kept = await call('PUT', `/api-sources/${pagedId}`, admin, { ...paged, secret: '', pageSize: 20 });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.data).toMatchObject({ hasSecret: true, pageSize: 20, lastCursor: source.rows[34]!.updatedAt });
    expect((await call('POST', `/api-sources/${pagedId}/test`)).body.data.ok).toBe(true);
    const none = await call('PUT', `/api-sources/${pagedId}`, admin, { ...paged, authKind: 'none', secret: '', cursorField: 'id', sinceParam: '' });
    expect(none.body.data).toMatchObject({ hasSecret: false, lastCursor: null });
    expect((await call('POST', `/api-sources/${pagedId}/test`)).body.data.message).toContain('HTTP 401');
    const runs = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_runs where api_source_id = ${pagedId}`);
    expect((await call('DELETE', `/api-sources/${pagedId}`)).status).toBe(200);
    expect((await call('GET', `/api-sources/${pagedId}`)).status).toBe(404);
    const orphaned = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_runs where source_kind = 'api' and api_source_id is null`);
    expect(orphaned[0]!.n).toBeGreaterThanOrEqual(runs[0]!.n);
    const trail = await rows<{ changes: unknown }>(db, sql`select changes from audit_trails where resource = 'migration-api-sources'`);
    expect(JSON.stringify(trail)).not.toContain(TOKEN);
    expect(JSON.stringify(trail)).not.toContain(KEY);
  });

  it('keeps the secret out of the API log', async () => {
    const lines: string[] = [];
    const logged = await buildApp({
      config: testConfig(new TestClock()),
      database: api.database,
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const headers = { authorization: `Bearer ${admin}` };
      const secret = `${TOKEN}-logged`;
      const created = await logged.inject({ method: 'POST', url: `${BASE}/api-sources`, headers, payload: { ...paged, name: `Logged ${suffix}`, secret } });
      expect(created.statusCode).toBe(201);
      const bad = await logged.inject({ method: 'POST', url: `${BASE}/api-sources`, headers, payload: { ...paged, name: '', secret } });
      expect(bad.statusCode).toBe(400);
      const id = (await rows<{ id: string }>(db, sql`select id from migration_api_sources where name = ${`Logged ${suffix}`}`))[0]!.id;
      await logged.inject({ method: 'POST', url: `${BASE}/api-sources/${id}/test`, headers });
      await logged.inject({ method: 'POST', url: `${BASE}/api-sources/${id}/preview`, headers });
      for (const raw of [created, bad]) expect(raw.body).not.toContain(secret);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});
