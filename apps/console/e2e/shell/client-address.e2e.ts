import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT } from '../harness';
import { apiClient, browser, DEMO_USERS, harness, sessionToken } from '../support';

/**
 * The address the API records is the browser's, not the console's. On one machine every process talks over
 * 127.0.0.1, so the browser's own address cannot differ from the console's; instead a second console is started
 * the way it runs behind a reverse proxy (`TRUST_PROXY=loopback`), and the browser sends the address such a
 * proxy would add. That address must reach the API's audit trail through the console.
 */
const BROWSER_ADDRESS = '203.0.113.50';
let consoleUrl = '';
let consoleProcess: ChildProcess | undefined;
let context: BrowserContext | undefined;

beforeAll(async () => {
  const port = await freePort();
  consoleUrl = `http://127.0.0.1:${port}`;
  consoleProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: join(REPO_ROOT, 'apps/console'),
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: harness().dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      API_URL: harness().apiUrl,
      TRUST_PROXY: 'loopback',
      WEB_CONCURRENCY: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${consoleUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('The second console did not start.');
    await new Promise((r) => setTimeout(r, 150));
  }
  context = await (await browser()).newContext({ baseURL: consoleUrl, extraHTTPHeaders: { 'X-Forwarded-For': BROWSER_ADDRESS } });
  context.setDefaultTimeout(10_000);
}, 90_000);

afterAll(async () => {
  await context?.close();
  consoleProcess?.kill('SIGTERM');
});

describe("the browser's address in the audit trail", () => {
  it('is recorded for a sign-in and a sign-out made through the console', async () => {
    const page = await context!.newPage();
    await page.goto(`${consoleUrl}/auth`);
    await page.getByLabel('Email').fill(DEMO_USERS.registrar.email);
    await page.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
    await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/auth')), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
    const { userId } = await sessionToken(context!);

    await page.goto(`${consoleUrl}/app/campus-management`);
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Logout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Logout Confirmation' });
    await Promise.all([page.waitForURL((u) => u.pathname === '/auth'), dialog.getByRole('button', { name: 'OK' }).click()]);

    const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
    if (signedIn.status !== 200) throw new Error(`admin sign-in answered ${signedIn.status}`);
    const trail = await apiClient(signedIn.body.data.token).listAuditTrails({ query: { actorId: userId, limit: 20 } });
    if (trail.status !== 200) throw new Error(`audit trail answered ${trail.status}`);
    const addressOf = (activity: string) => trail.body.rows.find((r) => r.activity === activity)?.ipAddress;
    expect(addressOf('Signed in')).toBe(BROWSER_ADDRESS);
    expect(addressOf('Signed out')).toBe(BROWSER_ADDRESS);
  });
});
