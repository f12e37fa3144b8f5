import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isOwnPage } from '@campus/domain-iam';
// The launcher applications, from the area manifests as the console registers them (`isOwnPage` reads them).
import '../../app/areas/manifests';
import { REPO_ROOT } from '../harness';
import { DEMO_USERS, url } from '../support';

// Every console route goes through the route guard (spec §6): walked as the demo registrar (CAMPUS only), every
// route under /app/access-management answers 401 or 403 — as a page, as the data request of its own loader alone,
// and as a form post — never 200 and never 500. The routes come from the built server's route manifest, so a
// route added later is walked too.

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { loader?: unknown; action?: unknown; default?: unknown };
}

/** A value for each dynamic segment, chosen so that every route lands in Access Management (IAM). */
const PARAMS: Record<string, string> = {
  area: 'access-management',
  resource: 'users',
  id: '00000000-0000-4000-8000-000000000001',
  code: 'MAIN',
  // Deep enough that no other route matches the path before the catch-all does.
  '*': 'settings/general/advanced',
};

async function manifestRoutes(): Promise<ManifestRoute[]> {
  const build = (await import(pathToFileURL(join(REPO_ROOT, 'apps/console/build/server/index.js')).href)) as {
    routes: Record<string, ManifestRoute>;
  };
  return Object.values(build.routes);
}

function fullPath(route: ManifestRoute, byId: Map<string, ManifestRoute>): string {
  const parts: string[] = [];
  for (let r: ManifestRoute | undefined = route; r; r = r.parentId ? byId.get(r.parentId) : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  const path = parts
    .join('/')
    .split('/')
    .map((segment) => (segment.startsWith(':') ? PARAMS[segment.slice(1)] : segment === '*' ? PARAMS['*'] : segment))
    .join('/');
  return `/${path}`;
}

async function signInAs(user: { email: string; password: string }): Promise<string> {
  const response = await fetch(url('/auth'), {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: new URL(url('/')).origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(user),
  });
  expect(response.status).toBe(302);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

describe('the route guard on every route', () => {
  let cookie: string;
  let iamRoutes: { id: string; path: string; hasLoader: boolean; hasAction: boolean }[];

  beforeAll(async () => {
    cookie = await signInAs(DEMO_USERS.registrar);
    const routes = await manifestRoutes();
    const byId = new Map(routes.map((r) => [r.id, r]));
    iamRoutes = routes
      .map((r) => ({ id: r.id, path: fullPath(r, byId), hasLoader: !!r.module.loader, hasAction: !!r.module.action }))
      .filter((r) => r.path.startsWith('/app/access-management'));
  });

  it('finds the resource routes that once skipped it among the routes walked', () => {
    const paths = iamRoutes.map((r) => r.path);
    expect(paths).toContain('/app/access-management/users/export.csv');
    expect(paths).toContain('/app/access-management/users/choices');
    // (The calendar feed is Campus Management's own screen now: `campus-management/calendar/feed.ics`.)
    expect(iamRoutes.length).toBeGreaterThanOrEqual(12);
  });

  it('answers 401 or 403 to the registrar on every Access Management route, never 200 or 500', async () => {
    const outcomes: string[] = [];
    const origin = new URL(url('/')).origin;
    for (const route of iamRoutes) {
      if (route.hasLoader) {
        const page = await fetch(url(route.path), { headers: { cookie }, redirect: 'manual' });
        outcomes.push(`GET ${route.path} ${page.status}`);
        // A data request may ask for one route's loader alone, without the layouts above it.
        const dataUrl = `${route.path.replace(/\/$/, '')}.data?_routes=${encodeURIComponent(route.id)}`;
        const single = await fetch(url(dataUrl), { headers: { cookie }, redirect: 'manual' });
        // Two routes may serve one address (an area's own layout and /app/:area); a data request naming the one the
        // address does not match runs no loader at all and answers 200 without that route's data.
        const ran = single.status !== 200 || (await single.text()).includes(JSON.stringify(route.id));
        if (ran) outcomes.push(`DATA ${route.path} ${single.status}`);
      }
      if (route.hasAction) {
        const post = await fetch(url(route.path), {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ isActive: 'false', intent: 'set-state', id: PARAMS.id! }),
        });
        outcomes.push(`POST ${route.path} ${post.status}`);
      }
    }
    const refused = outcomes.filter((o) => !/ 40[13]$/.test(o));
    expect(refused).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(iamRoutes.length);
  });

  it('answers 401 or 403 to the registrar on every route of the areas they lack, never 200 or 500', async () => {
    const routes = await manifestRoutes();
    const byId = new Map(routes.map((r) => [r.id, r]));
    // Routes of their own areas (paths not starting /app/:area) land in Access Management above; here every route
    // whose path names another area outright, where the registrar (CAMPUS only) holds no scope.
    const theirs = ['campus-management', 'access-management', ':area'];
    const others = routes
      .map((r) => {
        const raw: string[] = [];
        for (let x: ManifestRoute | undefined = r; x; x = x.parentId ? byId.get(x.parentId) : undefined) if (x.path) raw.unshift(x.path);
        const segments = raw.join('/').split('/');
        return { r, area: segments[0] === 'app' ? segments[1] : undefined, path: fullPath(r, byId) };
      })
      .filter((x) => x.area && !theirs.includes(x.area) && !['notifications', 'settings', 'menu'].includes(x.area))
      // Pages every signed-in user may open for their own work (their batches) are tested in e2e/batch.
      .filter((x) => !isOwnPage(x.path));
    expect(new Set(others.map((x) => x.area))).toEqual(
      new Set(['analytics', 'batch-management', 'chatbot-management', 'frs-management', 'migrations', 'support-management']),
    );
    const origin = new URL(url('/')).origin;
    const outcomes: string[] = [];
    for (const { r, path } of others) {
      if (r.module.loader) {
        outcomes.push(`GET ${path} ${(await fetch(url(path), { headers: { cookie }, redirect: 'manual' })).status}`);
        const single = await fetch(url(`${path.replace(/\/$/, '')}.data?_routes=${encodeURIComponent(r.id)}`), {
          headers: { cookie },
          redirect: 'manual',
        });
        const ran = single.status !== 200 || (await single.text()).includes(JSON.stringify(r.id));
        if (ran) outcomes.push(`DATA ${path} ${single.status}`);
      }
      if (r.module.action) {
        const post = await fetch(url(path), {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ intent: 'save', id: PARAMS.id! }),
        });
        outcomes.push(`POST ${path} ${post.status}`);
      }
    }
    expect(outcomes.filter((o) => !/ 40[13]$/.test(o))).toEqual([]);
  });

  it('still lets the registrar into Campus Management, export included', async () => {
    const list = await fetch(url('/app/campus-management/rooms'), { headers: { cookie }, redirect: 'manual' });
    expect(list.status).toBe(200);
    const csv = await fetch(url('/app/campus-management/rooms/export.csv'), { headers: { cookie }, redirect: 'manual' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
  });
});
