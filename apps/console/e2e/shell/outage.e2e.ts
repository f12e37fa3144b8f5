import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../harness';
import { DEMO_USERS, harness, newContext } from '../support';

// A console whose API is away — stopped, or hung (accepts connections and never answers) — shows the product's
// "service unavailable" page with 503 within its API timeout, and its /healthz says the API is down.
const TIMEOUT_MS = 1500;

async function startConsole(apiUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server.mjs'], {
    cwd: join(REPO_ROOT, 'apps/console'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: harness().dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: apiUrl,
      API_TIMEOUT_MS: String(TIMEOUT_MS),
      WEB_CONCURRENCY: '1',
    },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      await fetch(`${url}/healthz`);
      return { url, child };
    } catch {
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  throw new Error('The console did not start.');
}

describe('the console during an API outage', () => {
  let hung: Server;
  const sockets = new Set<Socket>();
  const consoles: Record<'stopped' | 'hung', { url: string; child: ChildProcess }> = {} as never;

  beforeAll(async () => {
    hung = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    const hungPort = await freePort();
    await new Promise<void>((done) => hung.listen(hungPort, '127.0.0.1', done));
    const [stopped, hanging] = await Promise.all([
      startConsole(`http://127.0.0.1:${await freePort()}`),
      startConsole(`http://127.0.0.1:${hungPort}`),
    ]);
    consoles.stopped = stopped;
    consoles.hung = hanging;
  });

  afterAll(async () => {
    for (const c of Object.values(consoles)) c.child.kill('SIGTERM');
    for (const socket of sockets) socket.destroy();
    await new Promise((done) => hung.close(done));
  });

  it.each(['stopped', 'hung'] as const)('shows the service-unavailable page (503) when the API is %s', async (state) => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${consoles[state].url}/auth`);
    await page.getByLabel('Email').fill(DEMO_USERS.admin.email);
    await page.getByLabel(/^Password\*?$/).fill(DEMO_USERS.admin.password);
    const started = Date.now();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST'),
      page.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(response.status()).toBe(503);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 5_000);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('The Campus Administration System is unavailable right now. Please try again in a few minutes.');
    await context.close();
  });

  it.each(['stopped', 'hung'] as const)('reports the API down on /healthz when it is %s', async (state) => {
    const response = await fetch(`${consoles[state].url}/healthz`);
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', api: 'down' });
  });

  it('reports the API up on the running harness', async () => {
    const response = await fetch(`${harness().consoleUrl}/healthz`);
    expect(await response.json()).toEqual({ status: 'ok', api: 'up' });
  });
});
