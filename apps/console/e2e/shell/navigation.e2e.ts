import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, newContext, sessionToken, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function context(javaScriptEnabled = true) {
  const c = await newContext({ javaScriptEnabled });
  contexts.push(c);
  return c;
}

describe('errors (spec §8)', () => {
  it('answers an unknown path with 404 and a way back home', async () => {
    const p = await (await context()).newPage();
    const response = await p.goto(url('/no/such/page'));
    expect(response?.status()).toBe(404);
    await expect.poll(() => p.getByRole('heading', { name: 'This page could not be found' }).count()).toBe(1);
    await p.getByRole('link', { name: 'Back to the home page' }).click();
    await p.waitForURL((u) => u.pathname === '/auth');
  });

  it('answers an unknown area with 404 for a signed-in user', async () => {
    const p = await (await context()).newPage();
    await signIn(p, DEMO_USERS.admin);
    const response = await p.goto(url('/app/campus-management/no-such-screen/deeper'));
    expect(response?.status()).toBe(404);
  });
});

describe('redirect cookie (spec §2)', () => {
  it('returns to the remembered page after signing in again', async () => {
    const c = await context(false);
    const p = await c.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/analytics'));
    const remembered = (await c.cookies()).find((cookie) => cookie.name === 'msc.redirect');
    expect(remembered).toBeDefined();
    expect(remembered!.expires - Date.now() / 1000).toBeGreaterThan(43_100);
    await p.goto(url('/logout'));
    await p.getByRole('button', { name: 'OK' }).click();
    await signIn(p, DEMO_USERS.admin);
    expect(new URL(p.url()).pathname).toBe('/app/analytics');
  });
});

describe('expired session (spec §4, §8)', () => {
  it('shows the failure notice and sends the user to /auth when the API answers 401', async () => {
    const c = await context();
    const p = await c.newPage();
    await signIn(p, DEMO_USERS.registrar);
    const { token, userId } = await sessionToken(c);
    // end the API session behind the console's back
    expect((await apiClient(token).signOut({ params: { userId } })).status).toBe(200);
    await p.goto(url('/app/campus-management'));
    expect(new URL(p.url()).pathname).toBe('/auth');
    const alert = p.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('An error occured');
    expect((await c.cookies()).find((cookie) => cookie.name === 'msc.session')).toBeUndefined();
  });
});

describe('admin layout (spec §2)', () => {
  it('has Go Back Home, the area screens, Manage Profile in a new window, and the apps popover', async () => {
    const p = await (await context()).newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/campus-management'));
    const menu = p.getByRole('navigation', { name: 'Side menu' });
    expect(await menu.getByRole('link', { name: 'Go Back Home' }).getAttribute('href')).toBe('/app');
    expect(await menu.getByRole('link', { name: 'Programs' }).getAttribute('href')).toBe('/app/campus-management/courses');
    await expect.poll(() => menu.getByRole('link', { name: 'Grading System' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Manage Profile' }).getAttribute('target')).toBe('_blank');
    // The IAM administrator reaches the system settings from every admin page; the registrar does not see it.
    expect(await menu.getByRole('link', { name: 'System Settings' }).getAttribute('href')).toBe('/app/settings');
    const registrar = await (await context()).newPage();
    await signIn(registrar, DEMO_USERS.registrar);
    await registrar.goto(url('/app/campus-management'));
    expect(await registrar.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'System Settings' }).count()).toBe(0);
    await p.getByRole('button', { name: 'Applications' }).or(p.getByRole('link', { name: 'Applications' })).first().click();
    const popover = p.getByRole('dialog', { name: 'Applications' });
    await popover.waitFor();
    await expect.poll(() => popover.getByRole('link', { name: 'Home' }).count()).toBe(1);
    expect(await popover.getByRole('link', { name: 'Campus Management' }).count()).toBe(0);
    await expect.poll(() => popover.getByRole('link', { name: 'Analytics and Reports' }).count()).toBe(1);
    await p.keyboard.press('Escape');
    await p.getByRole('banner').getByRole('link', { name: /System Administrator/ }).click();
    await p.waitForURL((u) => u.pathname === '/profile');
  });

  it.each([
    ['with JavaScript', true],
    ['without JavaScript', false],
  ])('keeps the menu collapsed across reloads %s', async (_name, javaScriptEnabled) => {
    const p = await (await context(javaScriptEnabled)).newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/campus-management'));
    const layout = p.locator('.cas-layout-admin');
    expect(await layout.getAttribute('data-menu-collapsed')).toBe('false');
    await p.getByRole('button', { name: 'Collapse menu' }).click();
    await expect.poll(() => layout.getAttribute('data-menu-collapsed')).toBe('true');
    await expect.poll(async () => (await p.context().cookies()).some((c) => c.name === 'msc.menu')).toBe(true);
    await p.reload();
    expect(await p.locator('.cas-layout-admin').getAttribute('data-menu-collapsed')).toBe('true');
    await p.getByRole('button', { name: 'Expand menu' }).click();
    await expect.poll(() => p.locator('.cas-layout-admin').getAttribute('data-menu-collapsed')).toBe('false');
  });
});
