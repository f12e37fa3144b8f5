import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as RouterModule from '@remix-run/router';
import { describe, expect, it } from 'vitest';

// The server's route matching is patched (patches/ at the root and in apps/console) to flatten and rank a route
// tree once, to compile each path pattern once and to remember which ranked branch a pathname matched first. These
// tests hold the patched functions to the answers the
// unpatched ones give: the same tree matched again, two trees side by side, and a tree rebuilt per render.
const require = createRequire(import.meta.url);
const { matchRoutes, matchPath } = require('@remix-run/router') as typeof RouterModule;

type TestRoute = RouterModule.AgnosticRouteObject;

function tree(segment: string): TestRoute[] {
  return [
    {
      id: 'root',
      path: '',
      children: [
        {
          id: 'app',
          path: 'app',
          children: [
            { id: 'launcher', index: true },
            {
              id: 'area',
              path: ':area',
              children: [
                { id: 'area-index', index: true },
                { id: 'list', path: ':resource' },
                { id: 'new', path: ':resource/new' },
                { id: 'edit', path: ':resource/:id/edit' },
              ],
            },
            {
              id: `own-${segment}`,
              path: segment,
              children: [
                { id: `own-${segment}-index`, index: true },
                { id: `own-${segment}-screen`, path: 'logs/:id' },
              ],
            },
          ],
        },
        { id: 'splat', path: '*' },
      ],
    },
  ];
}

const ids = (routes: TestRoute[], path: string) => matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

describe('route matching', () => {
  it('answers the same matches every time a tree is matched again', () => {
    const routes = tree('chatbot-management');
    for (let round = 0; round < 3; round += 1) {
      expect(ids(routes, '/app')).toEqual(['root', 'app', 'launcher']);
      expect(ids(routes, '/app/campus-management/students')).toEqual(['root', 'app', 'area', 'list']);
      expect(ids(routes, '/app/campus-management/students/new')).toEqual(['root', 'app', 'area', 'new']);
      expect(ids(routes, '/app/chatbot-management/logs/42')).toEqual([
        'root',
        'app',
        'own-chatbot-management',
        'own-chatbot-management-screen',
      ]);
      expect(ids(routes, '/nowhere/at/all')).toEqual(['root', 'splat']);
    }
    expect(matchRoutes(routes, '/app/campus-management/students/7/edit')?.at(-1)?.params).toEqual({
      area: 'campus-management',
      resource: 'students',
      id: '7',
    });
  });

  it('gives fresh matches, with the params of the pathname asked, when a pathname is matched again', () => {
    const routes = tree('frs-management');
    const first = matchRoutes(routes, '/app/campus-management/students/7/edit');
    const again = matchRoutes(routes, '/app/campus-management/students/7/edit');
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
    expect(again?.at(-1)).not.toBe(first?.at(-1));
    // Another pathname of the same branch gets its own params, not the remembered ones.
    expect(matchRoutes(routes, '/app/hr/leaves/9/edit')?.at(-1)?.params).toEqual({ area: 'hr', resource: 'leaves', id: '9' });
    // A pathname that matches nothing stays unmatched, and another one of the same tree still matches.
    const single: TestRoute[] = [{ id: 'only', path: 'a' }];
    expect(ids(single, '/b')).toBeNull();
    expect(ids(single, '/b')).toBeNull();
    expect(ids(single, '/a')).toEqual(['only']);
  });

  it('keeps two trees apart, and a tree rebuilt for each render matches like the first', () => {
    const first = tree('chatbot-management');
    const second = tree('support-management');
    expect(ids(first, '/app/support-management/logs/1')).toEqual(['root', 'splat']);
    expect(ids(second, '/app/support-management/logs/1')).toEqual([
      'root',
      'app',
      'own-support-management',
      'own-support-management-screen',
    ]);
    expect(ids(tree('support-management'), '/app/support-management')).toEqual([
      'root',
      'app',
      'own-support-management',
      'own-support-management-index',
    ]);
  });

  it('compiles a pattern the same way for each case sensitivity and end', () => {
    expect(matchPath({ path: '/app/:area', caseSensitive: false, end: true }, '/APP/campus')?.params).toEqual(
      { area: 'campus' },
    );
    expect(matchPath({ path: '/app/:area', caseSensitive: true, end: true }, '/APP/campus')).toBeNull();
    expect(
      matchPath({ path: '/app/:area', caseSensitive: true, end: false }, '/app/campus/students')
        ?.pathnameBase,
    ).toBe('/app/campus');
    expect(
      matchPath({ path: '/app/:area', caseSensitive: true, end: true }, '/app/campus/students'),
    ).toBeNull();
  });

  it('runs with the patched modules (`npm install` applies the patches)', () => {
    const source = (specifier: string) => readFileSync(require.resolve(specifier), 'utf8');
    expect(source('@remix-run/router')).toContain('rankedBranchesCache');
    expect(source('@remix-run/router')).toContain('firstMatchingBranchCache');
    expect(source('react-router-dom/server')).toContain('dataRoutesCache');
    expect(
      readFileSync(require.resolve('@remix-run/react').replace(/index\.js$/, 'server.js'), 'utf8'),
    ).toContain('serverRoutesCache');
  });
});
