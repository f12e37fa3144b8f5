import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, waitForHealth } from '../../e2e/harness';
import { action as signInAction } from '../routes/auth';
import { action as logoutAction } from '../routes/logout';
import { apiWithToken } from './api.server';
import { resetConfig } from './config.server';
import { pendingSignOuts } from './sign-out.server';

// Tokens that nobody holds must die: a sign-in that replaces a session, and a logout the API could not take while it
// was down. Against the real API (built `apps/api/dist/main.js`, embedded database kept across a restart).
const ORIGIN = 'http://console.test';
let api: ChildProcess | undefined;
let dataDir: string;
let port: number;

async function startApi(): Promise<void> {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      DEMO_SEED: 'on',
      AUTH_RATE_LIMIT: '1000',
    },
    stdio: 'ignore',
  });
  api = child;
  // The demo seed fills every application; on a busy shared machine the first start can take minutes.
  await waitForHealth(`http://127.0.0.1:${port}/healthz`, child, 300_000);
}

async function stopApi(): Promise<void> {
  const child = api;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cas-console-sign-out-'));
  port = await freePort();
  process.env.API_URL = `http://127.0.0.1:${port}`;
  resetConfig();
  await startApi();
}, 330_000);

afterAll(async () => {
  await stopApi();
  rmSync(dataDir, { recursive: true, force: true });
});

const args = (request: Request) => ({ request, params: {}, context: {} });

/** What a loader or action returned or threw, as status, cookies and data. */
async function outcome(run: () => Promise<unknown>) {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, setCookies: value.headers.getSetCookie() };
  const v = value as { type?: string; init?: { status?: number; headers?: HeadersInit } | null };
  if (v?.type === 'DataWithResponseInit') return { status: v.init?.status ?? 200, setCookies: new Headers(v.init?.headers).getSetCookie() };
  return { status: 200, setCookies: [] as string[] };
}

const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

/** Posts the sign-in form of `/auth` with the browser's cookies; answers the new cookies and the session's token. */
async function signIn(cookie = '') {
  const request = new Request(`${ORIGIN}/auth`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'registrar@example.edu', password: 'Campus!Demo2026' }),
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
  const result = await outcome(() => signInAction(args(request)));
  expect(result.status).toBe(302);
  const next = cookieHeader(result.setCookies.filter((c) => c.startsWith('msc.session=')));
  return { cookie: next, token: await tokenOf(next) };
}

/** The API token inside an `msc.session` cookie (signed, base64 JSON). */
async function tokenOf(cookie: string): Promise<string> {
  const value = decodeURIComponent(cookie.slice('msc.session='.length));
  const payload = value.slice(0, value.lastIndexOf('.'));
  return (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { token: string }).token;
}

const statusOf = async (token: string) => (await apiWithToken(token).getCurrentUser()).status;

describe('tokens that nobody holds', () => {
  it('revokes the session a new sign-in in the same browser replaces', async () => {
    const first = await signIn();
    expect(await statusOf(first.token)).toBe(200);
    const second = await signIn(first.cookie);
    expect(second.token).not.toBe(first.token);
    expect(await statusOf(first.token)).toBe(401);
    expect(await statusOf(second.token)).toBe(200);
  });

  it('tells the API again after an outage: a logout it could not take ends the token once it is back', async () => {
    const { cookie, token } = await signIn();
    await stopApi();
    const request = new Request(`${ORIGIN}/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie } });
    const answer = await outcome(() => logoutAction(args(request)));
    expect(answer.status).toBe(503);
    expect(pendingSignOuts()).toBe(1);

    await startApi();
    await expect.poll(() => statusOf(token), { timeout: 90_000, interval: 500 }).toBe(401);
    await expect.poll(() => pendingSignOuts(), { timeout: 5_000 }).toBe(0);
  }, 420_000);
});
