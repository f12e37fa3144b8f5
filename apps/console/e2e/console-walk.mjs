// A walk over every screen of the built console, shared by the layout walk (e2e/shell/layout-walk.e2e.ts) and the
// screen gallery (`npm run screens`). The screens come from the build's own route manifest: every route with a
// component is a screen. Routes without parameters are visited directly; the others are reached by following the
// links of the pages already visited, one page per route and per shape of address (ids count as one shape), so the
// generic list, new and edit screens are visited once for each resource. Only GET requests are made.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';

/** Addresses a walk never opens: signing out, probes, and what only answers a form. */
const NEVER = new Set(['/logout', '/healthz', '/readyz', '/refused', '/preferences/menu', '/']);
/** Files the console serves for download rather than pages. */
const FILE = /\.(csv|xlsx|ics|json|pdf|txt|zip|png|jpe?g|svg)$/i;
const ID = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[A-Z]+-\d+)$/i;

/** The console's screens, read from its server build (`apps/console/build/server/index.js`). */
export async function consoleScreens(consoleRoot) {
  const build = await import(pathToFileURL(join(consoleRoot, 'build/server/index.js')).href);
  const routes = build.routes;
  const full = (id) => {
    const route = routes[id];
    if (!route) return '';
    const parent = full(route.parentId);
    return route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path}`.replace(/\/+/g, '/');
  };
  const screens = [];
  for (const [id, route] of Object.entries(routes)) {
    if (typeof route.module?.default !== 'function') continue; // a resource route: a file or an action
    const path = full(id) || '/';
    if (NEVER.has(path)) continue;
    const pattern = new RegExp(
      `^${path
        .split('/')
        .map((part) => (part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}/?$`,
    );
    screens.push({ id, path, pattern, hasParameters: /[:*]/.test(path) });
  }
  return screens;
}

/** Whether a screen's address is one a signed-out visitor opens (sign-in, recovery, public chat, support form, kiosk). */
export function isPublicPath(path) {
  return !/^\/(app|profile|preferences)(\/|$)/.test(path);
}

/** The shape of an address: ids replaced, the query left out. */
export function shapeOf(pathname) {
  return pathname
    .split('/')
    .map((part) => (ID.test(part) ? ':id' : part))
    .join('/');
}

/**
 * Visits `seeds` and then every screen address linked from the pages visited, in the order found, calling
 * `visit(page, url, screen)` on each after it has loaded. At most one address per shape, `max` pages in all.
 */
export async function walk(page, baseUrl, screens, seeds, { visit, max = 400, allow = () => true }) {
  const queue = [...seeds];
  const seen = new Set();
  const visited = [];
  while (queue.length > 0 && visited.length < max) {
    const target = new URL(queue.shift(), baseUrl);
    const shape = shapeOf(target.pathname);
    if (seen.has(shape)) continue;
    seen.add(shape);
    const screen = screens.find((s) => s.pattern.test(target.pathname));
    if (!screen || !allow(target)) continue;
    const response = await page.goto(target.href, { waitUntil: 'load' });
    const landed = new URL(page.url());
    // A redirect elsewhere (a guard, a finished flow) is not this screen.
    if (landed.pathname !== target.pathname) continue;
    visited.push(target.pathname + target.search);
    await visit(page, target, screen, response?.status() ?? 0);
    const links = await page.$$eval('a[href]', (anchors) =>
      anchors.filter((a) => !a.hasAttribute('download')).map((a) => a.getAttribute('href') ?? ''),
    );
    for (const href of links) {
      if (!href || href.startsWith('#') || href.startsWith('mailto:') || href.startsWith('tel:')) continue;
      const next = new URL(href, target);
      if (next.origin !== target.origin || FILE.test(next.pathname) || NEVER.has(next.pathname)) continue;
      if (!seen.has(shapeOf(next.pathname))) queue.push(next.pathname + next.search);
    }
  }
  return visited;
}
