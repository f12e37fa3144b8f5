import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Database } from '../db/client.js';
import { startTestApi, testConfig, TestClock, type TestApi } from '../../test/harness.js';
import { newestShippedMigration, readiness } from './readiness.js';
import { Lifecycle } from './lifecycle.js';

// One database for the file; the apps that need their own settings are built on it beside the test API.
let api: TestApi;
let database: Database;
beforeAll(async () => {
  api = await startTestApi();
  database = api.database;
});

describe('health and readiness', () => {
  it('answers /healthz as before and /readyz ready while serving', async () => {
    const { app } = api;
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'up' });
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'current', draining: false });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('fails readiness once draining, while /healthz still answers alive', async () => {
    const app = await buildApp({ config: testConfig(new TestClock()), database, logger: false, areas: [] });
    app.lifecycle.drain();
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({
      status: 'not-ready',
      database: 'up',
      migrations: 'current',
      draining: true,
      message: 'The server is shutting down.',
    });
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await app.close();
  });

  it('is not ready on a database that lacks a migration this build ships', async () => {
    const newest = newestShippedMigration();
    expect(await readiness(database, new Lifecycle(), newest)).toEqual({ ready: true, database: 'up', migrations: 'current', draining: false });
    // A build one migration ahead of the database (a rolling upgrade whose first process has not migrated yet).
    expect(await readiness(database, new Lifecycle(), newest + 1)).toEqual({ ready: false, database: 'up', migrations: 'behind', draining: false });
  });
});

describe('metrics', () => {
  it('counts requests by route pattern and status, and mail sent, in Prometheus text', async () => {
    const token = await api.signIn('admin@example.edu');
    const listed = await api.call('GET', '/core/v1.0/campuses', { token });
    expect(listed.status).toBe(200);
    const missing = await api.call('GET', '/core/v1.0/campuses/00000000-0000-4000-8000-000000000000', { token });
    expect(missing.status).toBe(404);
    const recovery = await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'registrar@example.edu' } });
    expect(recovery.status).toBeLessThan(300);
    await api.app.backgroundWork.settled();

    const scrape = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toContain('text/plain');
    const text = scrape.body;
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/core\/v1\.0\/campuses",status="200"\} 1$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/core\/v1\.0\/campuses\/:id",status="404"\} 1$/m);
    expect(text).toMatch(/^http_request_duration_seconds_count\{method="GET",route="\/core\/v1\.0\/campuses",status="200"\} 1$/m);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/^campus_emails_total\{outcome="sent"\} 1$/m);
    expect(text).toContain('# TYPE campus_job_queue_depth gauge');
    expect(text).toContain('process_cpu_seconds_total');
    // Figures the areas register through their manifests, read from the database at the scrape.
    expect(text).toContain('# TYPE campus_face_identifications gauge');
    expect(text).toMatch(/^campus_inbound_mail_messages 0$/m);
    expect(text).toContain('# TYPE campus_import_rows_per_second gauge');
    if (api.database.kind === 'postgres') expect(text).toMatch(/^campus_db_pool_connections\{state="waiting"\} 0$/m);
  });

  it('answers /metrics only to the allowed networks or the bearer of the token', async () => {
    const config = testConfig(new TestClock(), { metrics: { token: 'scrape-secret', allow: 'none' } });
    const app = await buildApp({ config, database, logger: false, areas: [] });
    const refused = await app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: 'Not found.' });
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
    const allowed = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain('# TYPE http_requests_total counter');
    await app.close();
  });
});

describe('request ids', () => {
  it('keeps the caller’s x-request-id in the answer and in every log line of the request', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) };
    const app = await buildApp({ config: testConfig(new TestClock()), database, logger: { level: 'info', stream }, areas: [] });
    const answer = await app.inject({ method: 'GET', url: '/openapi.json', headers: { 'x-request-id': 'console-7f3a' } });
    expect(answer.headers['x-request-id']).toBe('console-7f3a');
    const ofRequest = lines.filter((line) => line.reqId === 'console-7f3a');
    expect(ofRequest.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    // A load balancer's checks carry their id in the answer but stay out of the log.
    const check = await app.inject({ method: 'GET', url: '/readyz', headers: { 'x-request-id': 'lb-check-1' } });
    expect(check.headers['x-request-id']).toBe('lb-check-1');
    expect(lines.filter((line) => line.reqId === 'lb-check-1')).toEqual([]);

    const fresh = await app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'not valid!' } });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    await app.close();
  });
});
