import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, REPO_ROOT, waitForHealth } from '../e2e/harness';
import { resetConfig } from './lib/config.server';
import { loader as indexLoader } from './routes/_index';
import { action as signInAction, loader as authLoader } from './routes/auth';
import { loader as appLoader } from './routes/app';
import { action as logoutAction } from './routes/logout';
import { action as menuAction } from './routes/preferences.menu';
import { action as securityAction } from './routes/profile.security';

// Loader and action tests against the real API (built `apps/api/dist/main.js`, embedded database, demo seed).
const ORIGIN = 'http://console.test';
let api: ChildProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cas-console-test-'));
  const port = await freePort();
  api = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      API_PORT: String(port),
      DEMO_SEED: 'on',
      AUTH_RATE_LIMIT: '1000',
      RESPONSE_ENCRYPTION_KEY: process.env.RESPONSE_ENCRYPTION_KEY,
      SESSION_SECRET: process.env.SESSION_SECRET,
    },
    stdio: 'ignore',
  });
  process.env.API_URL = `http://127.0.0.1:${port}`;
  resetConfig();
  // The demo seed fills every application; on a busy shared machine the first start can take minutes.
  await waitForHealth(`${process.env.API_URL}/healthz`, api, 300_000);
}, 330_000);

afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
});

const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {} });

/** Runs a loader/action and returns what it returned or threw as a Response-like value. */
async function outcome(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; setCookies: string[]; data: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const isJson = value.headers.get('content-type')?.includes('json');
    const data: unknown = isJson ? await value.clone().json() : null;
    return { status: value.status, location: value.headers.get('location'), setCookies: value.headers.getSetCookie(), data };
  }
  const v = value as { type?: string; data?: unknown; init?: { status?: number; headers?: HeadersInit } | null };
  if (v && v.type === 'DataWithResponseInit') {
    const headers = new Headers(v.init?.headers);
    return { status: v.init?.status ?? 200, location: null, setCookies: headers.getSetCookie(), data: v.data };
  }
  return { status: 200, location: null, setCookies: [], data: value };
}

const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(';')[0]).join('; ');

async function signIn(email: string, extraCookies = ''): Promise<{ cookie: string; result: Awaited<ReturnType<typeof outcome>> }> {
  const body = new URLSearchParams({ email, password: 'Campus!Demo2026' });
  const request = new Request(`${ORIGIN}/auth`, {
    method: 'POST',
    body,
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie: extraCookies },
  });
  const result = await outcome(() => signInAction(args(request)));
  return { cookie: cookieHeader(result.setCookies), result };
}

const get = (path: string, cookie = '') => new Request(`${ORIGIN}${path}`, { headers: { cookie } });

describe('/ and /auth', () => {
  it('sends an anonymous visitor from / to /auth', async () => {
    expect(await outcome(() => indexLoader(args(get('/'))))).toMatchObject({ status: 302, location: '/auth' });
  });

  it('signs in and goes to /app without a remembered page', async () => {
    const { result, cookie } = await signIn('admin@example.edu');
    expect(result).toMatchObject({ status: 302, location: '/app' });
    expect(cookie).toMatch(/msc\.session=/);
    expect(await outcome(() => indexLoader(args(get('/', cookie))))).toMatchObject({ status: 302, location: '/app' });
  });

  it('returns to the remembered page after sign-in', async () => {
    const first = await signIn('registrar@example.edu');
    const visit = await outcome(() => appLoader(args(get('/app/campus-management/rooms', first.cookie))));
    const remembered = visit.setCookies.find((c) => c.startsWith('msc.redirect='));
    expect(remembered).toContain('Max-Age=43200');
    const again = await signIn('registrar@example.edu', cookieHeader([remembered!]));
    expect(again.result.location).toBe('/app/campus-management/rooms');
  });

  it('sends a signed-in user away from /auth', async () => {
    const { cookie } = await signIn('admin@example.edu');
    expect(await outcome(() => authLoader(args(get('/auth', cookie))))).toMatchObject({ status: 302, location: '/app' });
  });

  it('refuses a sign-in posted from another site', async () => {
    const request = new Request(`${ORIGIN}/auth`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@example.edu', password: 'Campus!Demo2026' }),
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await outcome(() => signInAction(args(request)))).status).toBe(403);
  });

  it('answers missing fields with the Validation Error notice', async () => {
    const request = new Request(`${ORIGIN}/auth`, {
      method: 'POST',
      body: new URLSearchParams({ email: '', password: '' }),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const result = await outcome(() => signInAction(args(request)));
    expect(result.status).toBe(400);
    expect(result.data).toMatchObject({
      notice: { title: 'Validation Error', description: 'Please fillup required fields.' },
      fieldErrors: { email: 'Required', password: 'Required' },
    });
  });
});

describe('route guard (spec §6) in the /app loader', () => {
  const cases = [
    { user: 'registrar@example.edu', path: '/app', status: 200 },
    { user: 'registrar@example.edu', path: '/app/campus-management', status: 200 },
    { user: 'registrar@example.edu', path: '/app/access-management/users', status: 401 },
    { user: 'registrar@example.edu', path: '/app/analytics', status: 401 },
    { user: 'admin@example.edu', path: '/app/access-management/users', status: 200 },
    { user: 'admin@example.edu', path: '/app/batch-management/tabs/batch', status: 200 },
  ];
  it.each(cases)('$user on $path answers $status', async ({ user, path, status }) => {
    const { cookie } = await signIn(user);
    const result = await outcome(() => appLoader(args(get(path, cookie))));
    expect(result.status).toBe(status);
    if (status === 401) {
      expect(result.data).toEqual({ message: 'You have invalid authentication credentials to view the page requested' });
      expect(result.setCookies.some((c) => c.startsWith('msc.redirect='))).toBe(false);
    } else {
      expect(result.setCookies.some((c) => c.startsWith('msc.redirect='))).toBe(true);
    }
  });

  it('marks the not-allowed applications for the launcher', async () => {
    const { cookie } = await signIn('registrar@example.edu');
    const result = await outcome(() => appLoader(args(get('/app', cookie))));
    const apps = (result.data as { applications: { code: string; isAllowed: boolean }[] }).applications;
    expect(apps).toHaveLength(8);
    expect(apps.filter((a) => a.isAllowed).map((a) => a.code)).toEqual(['CAMPUS']);
  });

  it('sends a visitor without a session to /auth', async () => {
    expect(await outcome(() => appLoader(args(get('/app/campus-management'))))).toMatchObject({ status: 302, location: '/auth' });
  });
});

describe('session', () => {
  it('logout clears the session, tells the API, and goes to /', async () => {
    const { cookie } = await signIn('admin@example.edu');
    const request = new Request(`${ORIGIN}/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie } });
    const result = await outcome(() => logoutAction(args(request)));
    expect(result).toMatchObject({ status: 302, location: '/' });
    expect(result.setCookies.find((c) => c.startsWith('msc.session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    // the old cookie no longer opens anything: the API revoked the token
    const after = await outcome(() => appLoader(args(get('/app', cookie))));
    expect(after).toMatchObject({ status: 302, location: '/auth' });
    expect(after.setCookies.some((c) => c.startsWith('msc.notice='))).toBe(true);
  });

  it('keeps the session and says so when the sign-out cannot reach the API', async () => {
    const { cookie } = await signIn('admin@example.edu');
    const apiUrl = process.env.API_URL;
    process.env.API_URL = `http://127.0.0.1:${await freePort()}`; // nothing listens there
    resetConfig();
    let result: Awaited<ReturnType<typeof outcome>>;
    try {
      const request = new Request(`${ORIGIN}/logout`, { method: 'POST', headers: { origin: ORIGIN, cookie } });
      result = await outcome(() => logoutAction(args(request)));
    } finally {
      process.env.API_URL = apiUrl;
      resetConfig();
    }
    expect(result.status).toBe(503);
    expect(result.data).toMatchObject({ notice: { tone: 'error', title: 'You are still signed in' } });
    expect(result.setCookies.some((c) => c.startsWith('msc.session='))).toBe(false);
    // The console did not pretend: the session worked on until the API was back, and then the retried sign-out
    // ended it.
    await expect
      .poll(async () => (await outcome(() => appLoader(args(get('/app', cookie))))).location, { timeout: 30_000 })
      .toBe('/auth');
  });

  it('signs out everywhere: every session of the user ends, this one included', async () => {
    const here = await signIn('registrar@example.edu');
    const elsewhere = await signIn('registrar@example.edu');
    const request = new Request(`${ORIGIN}/profile/security`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'sign-out-everywhere' }),
      headers: { origin: ORIGIN, cookie: here.cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const result = await outcome(() => securityAction(args(request)));
    expect(result).toMatchObject({ status: 302, location: '/auth' });
    expect(result.setCookies.find((c) => c.startsWith('msc.session='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    for (const cookie of [here.cookie, elsewhere.cookie]) {
      expect(await outcome(() => appLoader(args(get('/app', cookie))))).toMatchObject({ status: 302, location: '/auth' });
    }
  });

  it('keeps the menu preference in a cookie', async () => {
    const request = new Request(`${ORIGIN}/preferences/menu`, {
      method: 'POST',
      body: new URLSearchParams({ collapsed: 'true', returnTo: '/app/analytics' }),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    const result = await outcome(() => menuAction(args(request)));
    expect(result).toMatchObject({ status: 302, location: '/app/analytics' });
    expect(result.setCookies[0]).toMatch(/^msc\.menu=/);
  });

  it('never redirects the menu preference off the console', async () => {
    const request = new Request(`${ORIGIN}/preferences/menu`, {
      method: 'POST',
      body: new URLSearchParams({ collapsed: 'false', returnTo: 'https://evil.example/' }),
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await outcome(() => menuAction(args(request)))).location).toBe('/app');
  });
});
