import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../harness';
import { DEMO_USERS, harness } from '../support';

// The console as a load balancer and Prometheus see it: /readyz (its own state and its API's), /metrics summed over
// its workers, the request id handed on to the API's log, and a graceful shutdown on SIGTERM.
const DELAY_MS = 2_000;

async function startConsole(): Promise<{ url: string; child: ChildProcess; exited: Promise<number | null> }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: join(REPO_ROOT, 'apps/console'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: harness().dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: harness().apiUrl,
      WEB_CONCURRENCY: '2',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
    },
    stdio: 'ignore',
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) return { url, child, exited };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('The console did not become ready.');
}

describe('the console as a service', () => {
  let server: Awaited<ReturnType<typeof startConsole>>;
  beforeAll(async () => {
    server = await startConsole();
  });
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  });

  it('is ready while its API is, and hands the request id on to the API’s log', async () => {
    const ready = await fetch(`${server.url}/readyz`, { headers: { 'x-request-id': 'lb-check-4711' } });
    expect(ready.status).toBe(200);
    expect(ready.headers.get('x-request-id')).toBe('lb-check-4711');
    expect(await ready.json()).toEqual({ status: 'ready', api: 'ready', draining: false });
    // A sign-in (refused: wrong password) calls the API under the browser request's id.
    const signIn = await fetch(`${server.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-request-id': 'browser-4711' },
      body: new URLSearchParams({ email: DEMO_USERS.admin.email, password: 'not the password' }),
    });
    expect(signIn.headers.get('x-request-id')).toBe('browser-4711');
    const apiLines = readFileSync(harness().apiLogFile, 'utf8').split('\n').filter((line) => line.includes('"reqId":"browser-4711"'));
    expect(apiLines.some((line) => line.includes('"url":"/core/v1.0/auth"'))).toBe(true);
  });

  it('counts its requests by route pattern over both workers on /metrics', async () => {
    for (let i = 0; i < 4; i += 1) {
      const page = await fetch(`${server.url}/auth`);
      expect(page.status).toBe(200);
      await page.text();
    }
    // A request is counted once its answer has left the worker, which may be a moment after the client read it.
    let text = '';
    for (let i = 0; i < 40 && !/route="\/auth",status="200"\} 4$/m.test(text); i += 1) {
      const answer = await fetch(`${server.url}/metrics`);
      expect(answer.status).toBe(200);
      text = await answer.text();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/auth",status="200"\} 4$/m);
    expect(text).toContain('process_cpu_seconds_total');
  });

  it('fails readiness on SIGTERM, answers the request in flight, then exits', async () => {
    // A sign-in whose form arrives in two halves: in flight from before the signal until after the listener closed.
    const form = new URLSearchParams({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password }).toString();
    const half = Math.floor(form.length / 2);
    const post = request(`${server.url}/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
    });
    const answered = new Promise<number>((done, fail) => {
      post.on('response', (res) => {
        res.resume();
        res.on('end', () => done(res.statusCode ?? 0));
      });
      post.on('error', fail);
    });
    post.write(form.slice(0, half));
    await new Promise((r) => setTimeout(r, 300));
    process.kill(server.child.pid!, 'SIGTERM');

    let ready: Response | undefined;
    for (let i = 0; i < 40; i += 1) {
      ready = await fetch(`${server.url}/readyz`);
      if (ready.status === 503) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(ready?.status).toBe(503);
    expect(await ready?.json()).toEqual({ status: 'not-ready', api: 'unchecked', draining: true, message: 'The server is shutting down.' });

    // Past the delay the listener is closed; the request taken before still gets its answer.
    await new Promise((r) => setTimeout(r, DELAY_MS + 500));
    await expect(fetch(`${server.url}/readyz`)).rejects.toThrow();
    post.end(form.slice(half));
    expect(await answered).toBe(302);
    expect(await server.exited).toBe(0);
  });
});
