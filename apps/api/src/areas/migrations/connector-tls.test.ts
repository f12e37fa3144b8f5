import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rows } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';

/**
 * Database connections over TLS. The machine's PostgreSQL (127.0.0.1:5432) and MariaDB (127.0.0.1:3306) speak no TLS,
 * so a proxy in front of PostgreSQL answers its SSLRequest, ends TLS with a certificate for 127.0.0.1 signed by a
 * throw-away authority, and passes the plain protocol on to the real server. It counts the TLS sessions it completed,
 * so a successful test proves the traffic went through TLS.
 */
const api = await startTestApi();
await api.app.jobs.start();
const admin = await api.signIn('admin@example.edu');
// The machine's servers are on loopback, which a connection reaches only once the settings list it.
const settings = await api.call('GET', '/core/v1.0/settings', { token: admin });
await api.call('PUT', '/core/v1.0/settings', { token: admin, body: { ...settings.body.data.settings, apiSourceHosts: ['127.0.0.1'] } });
const BASE = '/core/v1.0/migrations/connections';
const call = (method: string, url: string, body?: unknown) => api.call(method, `${BASE}${url}`, { token: admin, body });
const db = api.database.db;

const suffix = randomBytes(4).toString('hex');
const PASSWORD = `tls-Secret-${suffix}-never-shown`;
const TABLE = `tls_source_${suffix}`;

// A throw-away certificate authority, and a certificate for 127.0.0.1 (as an IP address) that it signed.
const folder = mkdtempSync(join(tmpdir(), 'connector-tls-'));
const file = (name: string) => join(folder, name);
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });
const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
openssl('req', '-x509', ...ecKey, '-keyout', file('ca.key'), '-out', file('ca.pem'), '-days', '2', '-subj', '/CN=Campus Test Authority');
openssl('req', ...ecKey, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1');
writeFileSync(
  file('server.ext'),
  'subjectAltName=IP:127.0.0.1\nbasicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth\n',
);
openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.pem'), '-CAkey', file('ca.key'), '-set_serial', `0x${suffix}`, '-days', '2', '-extfile', file('server.ext'), '-out', file('server.pem'));
const CA_PEM = readFileSync(file('ca.pem'), 'utf8');
const key = readFileSync(file('server.key'));
const cert = readFileSync(file('server.pem'));

/** PostgreSQL's SSLRequest: a length of 8 and the code 80877103. */
const isSslRequest = (first: Buffer) => first.length === 8 && first.readInt32BE(0) === 8 && first.readInt32BE(4) === 80877103;

const counts = { tlsSessions: 0, unfinishedHandshakes: 0, plainClients: 0 };
const open = new Set<net.Socket>();
const proxy = net.createServer((client) => {
  open.add(client);
  client.on('close', () => open.delete(client));
  client.on('error', () => client.destroy());
  let received = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    if (received.length < 8) return;
    client.off('data', onData);
    client.pause();
    const first = received.subarray(0, 8);
    if (!isSslRequest(first) || received.length > 8) {
      // Only TLS is offered here: a client that does not ask for it first is turned away.
      counts.plainClients += 1;
      client.destroy();
      return;
    }
    client.write('S');
    const secure = new tls.TLSSocket(client, { isServer: true, key, cert });
    const upstream = net.connect(5432, '127.0.0.1');
    open.add(upstream);
    upstream.on('close', () => {
      open.delete(upstream);
      secure.destroy();
    });
    upstream.on('error', () => secure.destroy());
    let established = false;
    secure.on('secure', () => {
      established = true;
      counts.tlsSessions += 1;
    });
    secure.on('error', () => upstream.destroy());
    secure.on('close', () => {
      if (!established) counts.unfinishedHandshakes += 1;
      upstream.destroy();
    });
    secure.pipe(upstream).pipe(secure);
  };
  client.on('data', onData);
});
await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const PROXY_PORT = (proxy.address() as net.AddressInfo).port;

const pgSource = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' });
await pgSource.connect();
await pgSource.query(`create table ${TABLE} (id integer primary key)`);

afterAll(async () => {
  await pgSource.query(`drop table if exists ${TABLE}`);
  await pgSource.end();
  for (const socket of open) socket.destroy();
  await new Promise<void>((resolve) => proxy.close(() => resolve()));
  rmSync(folder, { recursive: true, force: true });
});

const base = { kind: 'postgresql', host: '127.0.0.1', database: 'test', username: 'postgres', password: PASSWORD, tls: true };
const answers: { body: unknown }[] = [];
async function create(connection: Record<string, unknown>) {
  const created = await call('POST', '', connection);
  answers.push(created);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { _id: string; tls: boolean; tlsCa: string };
}
async function test(id: string) {
  const tested = await call('POST', `/${id}/test`);
  answers.push(tested);
  expect(tested.status, JSON.stringify(tested.body)).toBe(200);
  return tested.body.data as { ok: boolean; message: string };
}

describe('a database connection over TLS', () => {
  let trustedId = '';

  it('connects through TLS when the server certificate is signed by the pasted authority', async () => {
    const connection = await create({ ...base, name: `Registrar over TLS ${suffix}`, port: PROXY_PORT, tlsCa: CA_PEM });
    trustedId = connection._id;
    expect(connection).toMatchObject({ tls: true, tlsCa: CA_PEM.trim(), hasPassword: true });

    const before = counts.tlsSessions;
    const tested = await test(trustedId);
    expect(tested.ok, tested.message).toBe(true);
    expect(tested.message).toMatch(/^Connected: PostgreSQL 15/);
    expect(counts.tlsSessions).toBeGreaterThan(before);

    const sessions = counts.tlsSessions;
    const tables = await call('GET', `/${trustedId}/tables`);
    answers.push(tables);
    expect(tables.status, JSON.stringify(tables.body)).toBe(200);
    expect(tables.body.data).toContain(TABLE);
    expect(counts.tlsSessions).toBeGreaterThan(sessions);

    const previewSessions = counts.tlsSessions;
    const preview = await call('POST', `/${trustedId}/preview`, { query: 'select 1 as one' });
    answers.push(preview);
    expect(preview.status, JSON.stringify(preview.body)).toBe(200);
    expect(preview.body.data).toEqual({ headers: ['one'], rows: [['1']] });
    expect(counts.tlsSessions).toBeGreaterThan(previewSessions);
    // Every client of the proxy asked for TLS first.
    expect(counts.plainClients).toBe(0);
  });

  it('refuses a server certificate whose authority is not trusted', async () => {
    const connection = await create({ ...base, name: `Registrar without CA ${suffix}`, port: PROXY_PORT });
    expect(connection.tlsCa).toBe('');
    const sessions = counts.tlsSessions;
    const refusals = counts.unfinishedHandshakes;
    const tested = await test(connection._id);
    expect(tested.ok).toBe(false);
    expect(tested.message).toMatch(/^Could not connect: /);
    expect(tested.message).toMatch(/certificate/i);
    expect(tested.message).toContain('paste the certificate of the authority that signed it as the CA certificate');
    // The handshake was started and broken off by the client (the proxy sees its socket close a moment later).
    await vi.waitFor(() => expect(counts.unfinishedHandshakes).toBeGreaterThan(refusals), { timeout: 5_000 });
    expect(counts.tlsSessions).toBe(sessions);
  });

  it('says so when TLS is on and the PostgreSQL server does not offer it', async () => {
    const connection = await create({ ...base, name: `PostgreSQL without TLS ${suffix}`, port: 5432, tlsCa: CA_PEM });
    const tested = await test(connection._id);
    expect(tested.ok).toBe(false);
    expect(tested.message).toContain('does not support SSL');
    expect(tested.message).toContain('Turn off Use TLS for this connection, or have TLS turned on at the server.');
  });

  it('says so when TLS is on and the MariaDB server does not offer it', async () => {
    const connection = await create({ ...base, name: `MariaDB without TLS ${suffix}`, kind: 'mariadb', port: 3306, username: 'root' });
    const tested = await test(connection._id);
    // "Could not connect: Server does not support secure connection. Turn off Use TLS for this connection, or have
    // TLS turned on at the server."
    expect(tested.ok).toBe(false);
    expect(tested.message).toMatch(/^Could not connect: \S/);
    expect(tested.message).toMatch(/does not support secure connection/i);
  });

  it('refuses a CA certificate that is not in PEM form', async () => {
    const refused = await call('POST', '', { ...base, name: `Bad CA ${suffix}`, port: PROXY_PORT, tlsCa: 'not a certificate' });
    answers.push(refused);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors?.tlsCa).toEqual(['Paste the CA certificate in PEM form (-----BEGIN CERTIFICATE----- …).']);
    const [saved] = await rows<{ n: number }>(db, sql`select count(*)::int as n from migration_connections where name = ${`Bad CA ${suffix}`}`);
    expect(saved!.n).toBe(0);
  });

  it('answers the CA certificate back and audits it, never the password', async () => {
    const read = await call('GET', `/${trustedId}`);
    answers.push(read);
    expect(read.body.data.tlsCa).toBe(CA_PEM.trim());
    const listed = await call('GET', '');
    answers.push(listed);
    expect((listed.body.data as { _id: string; tlsCa: string }[]).find((c) => c._id === trustedId)?.tlsCa).toBe(CA_PEM.trim());

    // Removing the certificate is a change the audit trail shows.
    const cleared = await call('PUT', `/${trustedId}`, { ...base, name: `Registrar over TLS ${suffix}`, port: PROXY_PORT, password: '', tlsCa: '' });
    answers.push(cleared);
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ tlsCa: '', hasPassword: true });

    const audit = await rows<{ activity: string; changes: Record<string, { before: unknown; after: unknown }> }>(
      db,
      sql`select activity, changes from audit_trails where resource = 'migration-connections' and record_id = ${trustedId}`,
    );
    const added = audit.find((a) => a.activity === 'Added a database connection');
    const changed = audit.find((a) => a.activity === 'Changed a database connection');
    expect(added?.changes.tlsCa).toEqual({ before: null, after: CA_PEM.trim() });
    expect(added?.changes.password).toEqual({ before: null, after: 'set' });
    expect(changed?.changes).toEqual({ tlsCa: { before: CA_PEM.trim(), after: '' } });

    expect(answers.length).toBeGreaterThan(10);
    for (const answer of answers) expect(JSON.stringify(answer.body)).not.toContain(PASSWORD);
    const everyAudit = await rows<{ changes: unknown }>(db, sql`select changes from audit_trails where resource = 'migration-connections'`);
    expect(everyAudit).toHaveLength(5);
    expect(JSON.stringify(everyAudit)).not.toContain(PASSWORD);
  });
});
