import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveConfig } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOwnPage, MODULE_NOT_GRANTED, NO_ACCESS_MESSAGE } from '@campus/domain-iam';
import { freePort, REPO_ROOT, waitForHealth } from '../../e2e/harness';
import { resetConfig } from '../lib/config.server';
import { action as signInAction } from '../routes/auth';
import { AREA_SCREENS } from './screens';

/**
 * Every route module's loader and action, walked from Remix's route manifest, and every area screen's, walked from
 * the areas' manifests, as the API's start-up check walks its routes. A module either declares itself public
 * (`export const publicPage = true`) or guards: asked by a visitor with no session, or by a signed-in user who may
 * not use the screen, with parameters and a body that cannot be parsed, each answers the route guard's refusal —
 * never a validation error, a missing record, or data. Against the real API (built `apps/api/dist/main.js`,
 * embedded database, demo seed).
 */
const ORIGIN = 'http://console.test';
let api: ChildProcess;
let dataDir: string;
let registrar = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cas-console-guard-'));
  const port = await freePort();
  api = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
    env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(port), DEMO_SEED: 'on', AUTH_RATE_LIMIT: '1000' },
    stdio: 'ignore',
  });
  process.env.API_URL = `http://127.0.0.1:${port}`;
  resetConfig();
  await waitForHealth(`${process.env.API_URL}/healthz`, api, 300_000);
  const request = new Request(`${ORIGIN}/auth`, {
    method: 'POST',
    body: new URLSearchParams({ email: 'registrar@example.edu', password: 'Campus!Demo2026' }),
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
  });
  const signedIn = (await signInAction({ request, params: {}, context: {} }).catch((thrown: unknown) => thrown)) as Response;
  registrar = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  expect(registrar).toMatch(/msc\.session=/);
}, 330_000);

afterAll(async () => {
  api?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  rmSync(dataDir, { recursive: true, force: true });
});

type Handler = (args: { request: Request; params: Record<string, string>; context: object }) => Promise<unknown>;
interface RouteModule {
  readonly loader?: Handler;
  readonly action?: Handler;
  readonly publicPage?: unknown;
}

/** What a loader or action answered or threw, as a status and a message; anything else fails the walk. */
async function answer(run: () => Promise<unknown>): Promise<{ status: number; message: unknown }> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (!(value instanceof Response)) return { status: 0, message: value instanceof Error ? `threw ${value.message}` : 'answered data' };
  const isJson = value.headers.get('content-type')?.includes('json');
  return { status: value.status, message: isJson ? ((await value.json()) as { message?: unknown }).message : null };
}

/** The registrar holds Campus Management, and within it the academic modules only (no HR records). */
interface Refusal {
  readonly status: number;
  readonly message: unknown;
}
const refusalOf = (segment: string, path: string): Refusal | null =>
  segment !== 'campus-management' ? { status: 401, message: NO_ACCESS_MESSAGE } : path.startsWith('hr/') ? { status: 403, message: MODULE_NOT_GRANTED } : null;
/** Pages every signed-in user may open for their own work: a visitor with no session is sent to sign in. */
const SIGN_IN_FIRST: Refusal = { status: 302, message: null };

const cases = Object.entries(AREA_SCREENS).flatMap(([segment, screens]) =>
  screens.flatMap((screen) => {
    const name = `/app/${segment}/${screen.path}`;
    if (isOwnPage(name.replace(/:(\w+)/g, 'not-a-record'))) return [{ segment, screen, refusal: SIGN_IN_FIRST, name, visitor: '' }];
    const refusal = refusalOf(segment, screen.path);
    return refusal ? [{ segment, screen, refusal, name, visitor: 'registrar' }] : [];
  }),
);

describe('every area screen guards before it reads its input', () => {
  it('walks the screens of every area', () => {
    expect(cases.length).toBeGreaterThan(30);
    expect(cases.map((c) => c.name)).toContain('/app/chatbot-management/unanswered/:id');
    expect(cases.map((c) => c.name)).toContain('/app/campus-management/hr/update-requests-queue');
  });

  it.each(cases)('$name refuses a user who may not use it', async ({ segment, screen, refusal, visitor }) => {
    const cookie = visitor ? registrar : '';
    const module = (await import(/* @vite-ignore */ new URL(`../${screen.file}`, import.meta.url).pathname)) as RouteModule;
    // A screen with neither runs nothing on the server (its data comes from the layout's loader, which guards).
    if (!module.loader && !module.action) return;
    // Every parameter is something no record has, and the body is no form at all: a screen that reads either
    // before asking who is signed in answers 400, 404 or throws instead of refusing.
    const params = Object.fromEntries([...screen.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, 'not-a-record']));
    const pathname = `/app/${segment}/${screen.path.replace(/:(\w+)/g, 'not-a-record')}`.replace(/\/$/, '');
    if (module.loader) {
      const request = new Request(`${ORIGIN}${pathname}?page=-1&search=%ZZ`, { headers: { cookie } });
      expect(await answer(() => module.loader!({ request, params, context: {} })), `GET ${pathname}`).toEqual(refusal);
    }
    if (module.action) {
      const request = new Request(`${ORIGIN}${pathname}`, {
        method: 'POST',
        body: '--no-boundary\r\nnot a form',
        headers: { cookie, origin: ORIGIN, 'content-type': 'multipart/form-data' },
      });
      expect(await answer(() => module.action!({ request, params, context: {} })), `POST ${pathname}`).toEqual(refusal);
    }
  });
});

interface ManifestRoute {
  readonly id: string;
  readonly parentId?: string;
  readonly path?: string;
  readonly file: string;
}

/** The route manifest Remix builds from `vite.config.ts` (file routes and the areas' routes), as `remix routes` reads it. */
async function routeManifest(): Promise<{ appDirectory: string; routes: Readonly<Record<string, ManifestRoute>> }> {
  const root = join(REPO_ROOT, 'apps/console');
  const config = await resolveConfig({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'silent' }, 'build', 'production', 'production');
  const { remixConfig } = (config as unknown as { __remixPluginContext: { remixConfig: { appDirectory: string; routes: Record<string, ManifestRoute> } } })
    .__remixPluginContext;
  return remixConfig;
}

const manifest = await routeManifest();

/** A route's whole address, its parameters (and splat) filled with something no record has. */
function addressOf(route: ManifestRoute): { pathname: string; params: Record<string, string> } {
  const segments: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    if (r.path) segments.unshift(r.path);
  }
  const params: Record<string, string> = {};
  const parts = segments
    .join('/')
    .split('/')
    .filter(Boolean)
    .map((part) => {
      const name = part === '*' ? '*' : part.startsWith(':') ? part.slice(1).replace(/\?$/, '') : undefined;
      if (name === undefined) return part;
      params[name] = 'not-a-record';
      return 'not-a-record';
    });
  return { pathname: `/${parts.join('/')}`, params };
}

/** Each route module once (a module mounted at several addresses answers a visitor alike at each). */
const routeCases = [...new Map(Object.values(manifest.routes).map((route) => [route.file, route])).values()].map((route) => ({
  file: route.file,
  ...addressOf(route),
}));

/** True when a loader's or action's answer refuses a visitor: sent to sign in, or 401/403. */
async function refusesVisitor(run: () => Promise<unknown>): Promise<string> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (!(value instanceof Response)) return value instanceof Error ? `threw ${value.message}` : 'answered data';
  if (value.status === 401 || value.status === 403) return 'refused';
  if (value.status === 302 && value.headers.get('location') === '/auth') return 'refused';
  return `answered ${value.status} ${value.headers.get('location') ?? ''}`.trim();
}

describe('every route module guards or declares itself public', () => {
  it('walks every route of the manifest, the areas\' routes included', () => {
    const files = routeCases.map((c) => c.file);
    expect(files).toContain('root.tsx');
    expect(files).toContain('routes/app.tsx');
    expect(files).toContain('routes/auth.tsx');
    expect(files.filter((file) => file.startsWith('areas/')).length).toBeGreaterThan(20);
  });

  it.each(routeCases)('$file', async ({ file, pathname, params }) => {
    const module = (await import(/* @vite-ignore */ join(manifest.appDirectory, file))) as RouteModule;
    if (module.publicPage !== undefined) {
      expect(module.publicPage, 'publicPage').toBe(true);
      return;
    }
    if (module.loader) {
      const request = new Request(`${ORIGIN}${pathname}?page=-1&search=%ZZ`);
      expect(await refusesVisitor(() => module.loader!({ request, params, context: {} })), `GET ${pathname}`).toBe('refused');
    }
    if (module.action) {
      const request = new Request(`${ORIGIN}${pathname}`, {
        method: 'POST',
        body: '--no-boundary\r\nnot a form',
        headers: { origin: ORIGIN, 'content-type': 'multipart/form-data' },
      });
      expect(await refusesVisitor(() => module.action!({ request, params, context: {} })), `POST ${pathname}`).toBe('refused');
    }
  });
});
