import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleScreens, isPublicPath, walk, type Screen } from '../console-walk.mjs';
import { REPO_ROOT } from '../harness';
import { DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

// Every console screen, at a desktop and at a phone width, signed out for the public pages and signed in as the
// demo administrator for the rest (issue 33). Each page must have one main region and one banner, must not scroll
// sideways, must not cut off the text of a table cell, and must draw its form controls with the building blocks
// of libs/ui (whose elements carry a `cas-` class), and axe must find no serious violation.
//
// It runs with every end-to-end run (LAYOUT_WALK=off skips it). It opens about 240 addresses, each once, and checks
// each at both widths (decision 0080). Axe over all of them at the desktop width made the walk take 9½ minutes on
// the 2-core build machine, more than the e2e pass can spend, so by default axe runs on a sample at the desktop
// width: the first address of each application and kind of screen (see `axeSampleKey`, about 45 addresses).
// LAYOUT_AXE=all runs it on every address (before a release), LAYOUT_AXE=off on none (decision 0072).
/** The two sizes every screen is checked at. */
const PHONE = { width: 390, height: 844 } as const;
const DESKTOP = { width: 1280, height: 800 } as const;

/** Where axe runs: on every address, on a sample (the default), or nowhere. */
const AXE: 'all' | 'sample' | 'off' = process.env.LAYOUT_AXE === 'all' || process.env.LAYOUT_AXE === 'off' ? process.env.LAYOUT_AXE : 'sample';

/**
 * The sample axe checks: the first address of each application (or public page) and kind of screen — a list or
 * overview by its depth, a new form, an edit form — so every area's lists, forms and record pages are checked once.
 */
function axeSampleKey(pathname: string): string {
  const parts = pathname.split('/').filter(Boolean);
  const area = parts[0] === 'app' ? (parts[1] ?? '') : (parts[0] ?? '');
  const last = parts.at(-1);
  return `${area} ${last === 'new' || last === 'edit' ? last : parts.length}`;
}

interface Problem {
  readonly address: string;
  readonly width: number;
  readonly problem: string;
}

/** What is wrong with the page's layout, in words (nothing when it is right). */
function layoutProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((viewportWidth) => {
    const problems: string[] = [];
    const mains = document.querySelectorAll('main, [role="main"]').length;
    if (mains !== 1) problems.push(`${mains} main regions`);
    const banners = [...document.querySelectorAll('header, [role="banner"]')].filter(
      (el) => el.getAttribute('role') === 'banner' || !el.parentElement?.closest('article, aside, main, nav, section, [role="main"]'),
    ).length;
    if (banners !== 1) problems.push(`${banners} banners`);
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > viewportWidth + 1) problems.push(`scrolls sideways (${scrollWidth} px wide)`);
    for (const cell of document.querySelectorAll<HTMLElement>('td, th')) {
      const style = getComputedStyle(cell);
      if (style.overflow !== 'visible' && cell.scrollWidth > cell.clientWidth + 1 && cell.offsetParent !== null) {
        problems.push(`cell text cut off: "${(cell.textContent ?? '').trim().slice(0, 40)}"`);
        break;
      }
    }
    // A control of a building block carries a `cas-` class or React Aria's mark, itself or on the label or span
    // that wraps it (a checkbox's hidden input); a form or a section around it says nothing about the control.
    const marked = (el: Element) => [...el.classList].some((c) => c.startsWith('cas-')) || el.hasAttribute('data-rac');
    const drawnByBlocks = (el: Element | null, depth: number): boolean =>
      !!el && depth >= 0 && (marked(el) || (/^(LABEL|SPAN)$/.test(el.parentElement?.tagName ?? '') && drawnByBlocks(el.parentElement, depth - 1)));
    for (const control of document.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
      if (control instanceof HTMLInputElement && control.type === 'hidden') continue;
      if (control.offsetParent === null && getComputedStyle(control).position !== 'fixed') continue; // not drawn
      if (!drawnByBlocks(control, 2)) {
        problems.push(`native ${control.tagName.toLowerCase()} outside the building blocks: ${control.outerHTML.slice(0, 80)}`);
        break;
      }
    }
    return problems;
  }, width);
}

/** Sets the page's viewport and waits for the components that follow its size to have drawn again. */
async function resizeTo(page: Page, size: { readonly width: number; readonly height: number }): Promise<void> {
  await page.setViewportSize({ width: size.width, height: size.height });
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(() => requestAnimationFrame(() => done()), 0))));
}

describe.skipIf(process.env.LAYOUT_WALK === 'off')('the layout of every screen', () => {
  let screens: Screen[];
  beforeAll(async () => {
    screens = await consoleScreens(join(REPO_ROOT, 'apps/console'));
  });
  const problems: Problem[] = [];
  afterAll(() => {
    if (problems.length > 0) console.log(problems.map((p) => `${p.width} ${p.address}: ${p.problem}`).join('\n'));
  });

  // Each address is opened once and checked at both widths: opened at the phone width (what a phone shows first;
  // components that choose at their start choose for it), then widened to the desktop width, where axe runs. One page
  // load per address instead of one per address and width takes 40 % off the walk (decision 0080).
  for (const signedIn of [false, true]) {
    it(`${signedIn ? 'signed in' : 'signed out'}, ${PHONE.width}×${PHONE.height} and ${DESKTOP.width}×${DESKTOP.height}`, async () => {
      const context = await newContext(PHONE);
      const page = await context.newPage();
      if (signedIn) await signIn(page, DEMO_USERS.admin);
      const found: Problem[] = [];
      const note = (address: string, width: number, problem: string) => found.push({ address, width, problem });
      /** The kinds of screen axe has already checked (the sample). */
      const checked = new Set<string>();
      const visited = await walk(
        page,
        url('/'),
        screens,
        screens.filter((s) => !s.hasParameters && isPublicPath(s.path) !== signedIn).map((s) => s.path),
        {
          allow: (address) => isPublicPath(address.pathname) !== signedIn,
          visit: async (p, address, _screen, status) => {
            const where = address.pathname + address.search;
            if (status >= 500) note(where, PHONE.width, `answered ${status}`);
            for (const problem of await layoutProblems(p, PHONE.width)) note(where, PHONE.width, problem);
            await resizeTo(p, DESKTOP);
            for (const problem of await layoutProblems(p, DESKTOP.width)) note(where, DESKTOP.width, problem);
            const key = axeSampleKey(address.pathname);
            if (AXE === 'all' || (AXE === 'sample' && !checked.has(key))) {
              checked.add(key);
              for (const v of await seriousA11yViolations(p)) note(where, DESKTOP.width, `axe: ${JSON.stringify(v).slice(0, 160)}`);
            }
            // The next address opens at the phone width again.
            await p.setViewportSize(PHONE);
          },
        },
      );
      await context.close();
      const axed = AXE !== 'off' ? `, axe on ${AXE === 'all' ? visited.length : checked.size} at ${DESKTOP.width} px` : '';
      const at = (width: number) => found.filter((f) => f.width === width).length;
      console.log(
        `${signedIn ? 'signed in' : 'signed out'}: ${visited.length} screens${axed}; ` +
          `${PHONE.width}×${PHONE.height}: ${at(PHONE.width)} problems, ${DESKTOP.width}×${DESKTOP.height}: ${at(DESKTOP.width)} problems`,
      );
      problems.push(...found);
      expect(visited.length).toBeGreaterThan(signedIn ? 100 : 5);
      expect(found).toEqual([]);
    }, 1_800_000);
  }
});
