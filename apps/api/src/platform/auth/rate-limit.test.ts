import { describe, expect, it } from 'vitest';
import { consoleProof } from '@campus/api-contract/node';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { rows } from '../db/client.js';
import { startTestApi } from '../../test/harness.js';
import { closeAtFileEnd } from '../../test/file-end.js';

const api = await startTestApi({ authRateLimit: { max: 3, windowMs: 60_000 } });
/** Headers of a request the console forwards for a browser at `address`. */
const fromConsole = (address: string) => ({ 'x-forwarded-for': address, 'x-campus-console': consoleProof(api.config.sessionSecret) });

describe('per-address rate limit on sign-in', () => {
  it('answers 429 past the limit and lets the address in again after the window', async () => {
    const attempt = () => api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'wrong password!!' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('Too many attempts');
    expect((await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'admin@example.edu' } })).status).toBe(429);
    api.clock.advance(61_000);
    expect((await attempt()).status).toBe(401);
  });
});

describe('per-account rate limit on changing the password', () => {
  it('answers 429 past the limit for one account, whatever address the guesses come from', async () => {
    const token = await api.signIn('auditor@example.edu');
    api.clock.advance(61_000);
    const change = (address: string) =>
      api.call('POST', '/core/v1.0/auth/password', {
        token,
        body: { currentPassword: 'wrong password!!', newPassword: 'A brand new passphrase 42' },
        headers: fromConsole(address),
      });
    for (let i = 0; i < 3; i += 1) expect((await change(`198.51.100.${i + 1}`)).status).toBe(400);
    const limited = await change('198.51.100.9');
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many attempts for this account. Try again in a minute.');
    api.clock.advance(61_000);
  });
});

describe('client address behind the console', () => {
  it('counts the address the console forwards, not the console itself', async () => {
    const attempt = (address: string, email = 'registrar@example.edu') =>
      api.call('POST', '/core/v1.0/auth', { body: { email, password: 'wrong password!!' }, headers: fromConsole(address) });
    for (let i = 0; i < 3; i += 1) expect((await attempt('203.0.113.7')).status).toBe(401);
    expect((await attempt('203.0.113.7')).status).toBe(429);
    // Another account: the registrar's own count (per account, whatever the address) is spent as well.
    expect((await attempt('198.51.100.20', 'auditor@example.edu')).status).toBe(401);
    api.clock.advance(61_000);
  });

  it("records the browser's address the console forwards in the audit trail", async () => {
    const token = await api.signIn('auditor@example.edu');
    const report = await api.call('POST', '/core/v1.0/audit-trails', { token, body: { activity: 'Opened the audit trail' }, headers: fromConsole('203.0.113.44') });
    expect(report.body.data.ipAddress).toBe('203.0.113.44');
    api.clock.advance(61_000);
  });
});

describe('a forged X-Forwarded-For', () => {
  it('from a client on the same machine that is not the console is ignored by the limit and the audit trail', async () => {
    const forged = (address: string, proof?: string) =>
      api.call('POST', '/core/v1.0/auth', {
        body: { email: 'registrar@example.edu', password: 'wrong password!!' },
        headers: { 'x-forwarded-for': address, ...(proof ? { 'x-campus-console': proof } : {}) },
      });
    for (let i = 0; i < 3; i += 1) expect((await forged(`192.0.2.${i + 1}`)).status).toBe(401);
    // Each forged address would have had attempts left; the socket's address has none.
    expect((await forged('192.0.2.200')).status).toBe(429);
    expect((await forged('192.0.2.201', 'not-the-proof')).status).toBe(429);
    api.clock.advance(61_000);

    const token = await api.signIn('auditor@example.edu');
    const report = await api.call('POST', '/core/v1.0/audit-trails', { token, body: { activity: 'Claimed another address' }, headers: { 'x-forwarded-for': '192.0.2.99' } });
    expect(report.body.data.ipAddress).toBe('127.0.0.1');
    api.clock.advance(61_000);
  });
});

describe('a proxy named in TRUST_PROXY', async () => {
  const behindBalancer = await startTestApi({ trustProxy: ['127.0.0.1'] });
  it('is believed by its address', async () => {
    const token = await behindBalancer.signIn('auditor@example.edu');
    const report = await behindBalancer.call('POST', '/core/v1.0/audit-trails', { token, body: { activity: 'Behind the balancer' }, headers: { 'x-forwarded-for': '198.51.100.77' } });
    expect(report.body.data.ipAddress).toBe('198.51.100.77');
  });
});

describe('several API processes on one database', () => {
  it('count the same attempts: the limit holds for the whole system, and the database keeps no address or email', async () => {
    // A second API over the same database, as a second process behind the load balancer would be.
    const second = await buildApp({ config: api.config, database: api.database, logger: false, mailer: api.mail });
    closeAtFileEnd(() => second.close());
    const viaSecond = async () =>
      (await second.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: 'wrong password!!' }, headers: fromConsole('192.0.2.61') })).statusCode;
    const viaFirst = async () =>
      (await api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'wrong password!!' }, headers: fromConsole('192.0.2.61') })).status;
    expect([await viaFirst(), await viaSecond(), await viaFirst()]).toEqual([401, 401, 401]);
    expect(await viaSecond()).toBe(429);
    expect(await viaFirst()).toBe(429);
    const stored = JSON.stringify(await rows(api.database.db, sql`select * from rate_windows`));
    expect(stored).not.toContain('192.0.2.61');
    expect(stored).not.toContain('admin@example.edu');
    api.clock.advance(61_000);
    expect(await viaSecond()).toBe(401);
    api.clock.advance(61_000);
  });
});
