import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, seriousA11yViolations, signIn, TEST_OUTPUT, url } from '../support';

let context: BrowserContext;
let signedIn: Page;
let anonymous: Page;

beforeAll(async () => {
  context = await newContext();
  signedIn = await context.newPage();
  await signIn(signedIn, DEMO_USERS.admin);
  anonymous = await (await newContext()).newPage();
});
afterAll(async () => {
  await anonymous.context().close();
  await context.close();
});

const PAGES = [
  { name: 'sign-in', path: '/auth', signedIn: false },
  { name: 'launcher', path: '/app', signedIn: true },
  { name: 'admin', path: '/app/campus-management', signedIn: true },
  { name: 'device-locations', path: '/app/frs-management/device-locations', signedIn: true },
] as const;

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it.each(PAGES)('$name page', async ({ path, signedIn: needsUser }) => {
    const p = needsUser ? signedIn : anonymous;
    await p.goto(url(path));
    expect(await seriousA11yViolations(p)).toEqual([]);
  });
});

describe('screenshots at 375, 768 and 1280 px', () => {
  it.each(PAGES)('$name page', async ({ name, path, signedIn: needsUser }) => {
    const p = needsUser ? signedIn : anonymous;
    for (const width of [375, 768, 1280]) {
      await p.setViewportSize({ width, height: 900 });
      await p.goto(url(path));
      const file = join(TEST_OUTPUT, `${name}-${width}.png`);
      await p.screenshot({ path: file, fullPage: true });
      // nothing overflows the viewport sideways
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});
