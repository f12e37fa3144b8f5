import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineRoutes } from '@remix-run/dev/dist/config/routes.js';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../e2e/harness';
import type * as Routes from './routes';
import type * as Screens from './screens';
import type * as Menu from '../lib/screens.server';
import type * as Manifests from './manifests';
import type * as Shell from '../lib/shell.server';
import type * as Guard from '../lib/guard.server';

/**
 * A ninth application is one folder and nothing else. The console's `app` folder is copied as it is, one area folder
 * is added to the copy, and the copy's own code — `areas/routes.ts` as Vite's configuration runs it, and the app's
 * modules as Vite builds them — mounts it and puts its screen in the side menu. The copy keeps the working tree
 * untouched while other checks (type checks, lint, the other tests) read it.
 */
const SEGMENT = 'ninth-area';
let copy: string;
let vite: ViteDevServer;

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'cas-ninth-area-'));
  cpSync(join(REPO_ROOT, 'apps/console/app'), join(copy, 'app'), { recursive: true });
  cpSync(join(REPO_ROOT, 'apps/console/package.json'), join(copy, 'package.json'));
  symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const folder = join(copy, 'app/areas', SEGMENT);
  mkdirSync(folder);
  writeFileSync(
    join(folder, 'area.ts'),
    [
      "import type { AreaManifest } from '../types';",
      '',
      'export const area: AreaManifest = {',
      "  application: { code: 'PILOT', name: 'Pilot Desk', description: 'Walk-in visitors and the queue at the front desk.', order: 9 },",
      "  icon: 'folder',",
      "  screens: [{ path: 'desk', file: 'desk.route.tsx', label: 'Front Desk' }],",
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(join(folder, 'desk.route.tsx'), 'export default function Desk() {\n  return <h1>Front Desk</h1>;\n}\n');
  vite = await createServer({
    root: copy,
    configFile: false,
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
}, 60_000);

afterAll(async () => {
  await vite?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('a ninth area folder', () => {
  it('gets its layout route and its screen from the route list', async () => {
    const { areaRoutes } = (await vite.ssrLoadModule('/app/areas/routes.ts')) as typeof Routes;
    const routes = Object.values(await areaRoutes(defineRoutes as never));
    const layout = routes.find((r) => r.path === SEGMENT);
    expect(layout).toMatchObject({ file: 'routes/app.$area.tsx', parentId: 'routes/app' });
    expect(routes.find((r) => r.file === `areas/${SEGMENT}/desk.route.tsx`)).toMatchObject({ path: 'desk', parentId: layout?.id });
    // The eight areas are still all there.
    expect(routes.filter((r) => r.file === 'routes/app.$area.tsx')).toHaveLength(9);
  });

  it('is a launcher application, last in the order its manifest gives', async () => {
    const { applications, applicationBySegment } = (await vite.ssrLoadModule('/app/areas/manifests.ts')) as typeof Manifests;
    expect(applications().map((a) => a.code)).toEqual(['IAM', 'CAMPUS', 'CHATBOT', 'SUPPORT', 'FRS', 'DATA', 'REPORTS', 'BATCH', 'PILOT']);
    expect(applicationBySegment(SEGMENT)).toEqual({
      code: 'PILOT',
      name: 'Pilot Desk',
      description: 'Walk-in visitors and the queue at the front desk.',
      order: 9,
      segment: SEGMENT,
    });
    const { shellDataFor } = (await vite.ssrLoadModule('/app/lib/shell.server.ts')) as typeof Shell;
    const user = { _id: 'u1', firstName: 'Teodora', lastName: 'Alonso', avatar: null, email: 'desk@example.edu', adminScopes: ['PILOT'], iamAdmin: false, scopes: [], moduleGrants: {}, employee: null, unreadNotifications: 0 };
    const shell = await shellDataFor(new Request('http://console.test/app'), user as never);
    expect(shell.applications.at(-1)).toEqual({
      code: 'PILOT',
      name: 'Pilot Desk',
      description: 'Walk-in visitors and the queue at the front desk.',
      path: `/app/${SEGMENT}`,
      isAllowed: true,
    });
    expect(shell.applications.filter((a) => a.isAllowed).map((a) => a.code)).toEqual(['PILOT']);
  });

  it('is guarded by its own admin scope', async () => {
    const { assertAllowed } = (await vite.ssrLoadModule('/app/lib/guard.server.ts')) as typeof Guard;
    const user = (adminScopes: string[]) => ({ adminScopes, iamAdmin: false, moduleGrants: {} }) as never;
    expect(() => assertAllowed(user(['PILOT']), `/app/${SEGMENT}/desk`)).not.toThrow();
    const refusal = (() => {
      try {
        assertAllowed(user(['CAMPUS']), `/app/${SEGMENT}/desk`);
      } catch (error) {
        return error as Response;
      }
    })();
    expect(refusal?.status).toBe(401);
  });

  it("is in the side menu and in the route guard's screens", async () => {
    const { screensOf } = (await vite.ssrLoadModule('/app/lib/screens.server.ts')) as typeof Menu;
    const { applicationBySegment } = (await vite.ssrLoadModule('/app/areas/manifests.ts')) as typeof Manifests;
    expect(screensOf(applicationBySegment(SEGMENT)!)).toEqual([{ path: `/app/${SEGMENT}/desk`, label: 'Front Desk' }]);
    const { AREA_SCREENS } = (await vite.ssrLoadModule('/app/areas/screens.ts')) as typeof Screens;
    expect(AREA_SCREENS[SEGMENT]).toEqual([{ path: 'desk', file: `areas/${SEGMENT}/desk.route.tsx`, label: 'Front Desk' }]);
  });
});
