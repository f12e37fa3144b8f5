import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, settled, signIn, url } from '../support';

const APPLICATION_NAMES = [
  'Identity and Access Management',
  'Campus Management',
  'Campus Chatbot Management',
  'Customer Support Management',
  'Facial Recognition Management',
  'Data Migration Management',
  'Analytics and Reports',
  'Batch Management',
];

const contexts: BrowserContext[] = [];
async function page(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext({ javaScriptEnabled });
  contexts.push(context);
  return context.newPage();
}
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('sign-in %s', (_name, javaScriptEnabled) => {
  it('sends an anonymous visitor from / to /auth with the side panel', async () => {
    const p = await page(javaScriptEnabled);
    await p.goto(url('/'));
    expect(new URL(p.url()).pathname).toBe('/auth');
    expect(await p.title()).toBe('Sign in · Campus Administration System');
    expect(await p.locator('html').getAttribute('lang')).toBe('en');
    const panel = p.getByRole('complementary', { name: 'About the university' });
    await expect.poll(() => panel.textContent()).toContain('Mission');
    expect(await panel.textContent()).toContain('Vision');
    expect(await p.textContent('body')).toContain('1.0.6');
  });

  it('signs the admin in and shows the eight application cards', async () => {
    const p = await page(javaScriptEnabled);
    await signIn(p, DEMO_USERS.admin);
    expect(new URL(p.url()).pathname).toBe('/app');
    await expect.poll(() => p.title()).toBe('Campus Administration System');
    const cards = p.getByRole('list', { name: 'Applications' }).getByRole('link');
    expect(await cards.count()).toBe(8);
    for (const name of APPLICATION_NAMES) expect(await p.getByRole('link', { name: new RegExp(name) }).count()).toBeGreaterThan(0);
    // In the order of spec §1, as the area manifests place them.
    const shown = (await cards.allTextContents()).map((text) => APPLICATION_NAMES.find((name) => text.includes(name)));
    expect(shown).toEqual(APPLICATION_NAMES);
    const header = p.getByRole('banner');
    expect(await header.textContent()).toContain('System Administrator');
    expect(await p.textContent('body')).toContain('Version 1.0.6');
    // a card is 150 px high
    expect((await cards.first().boundingBox())?.height).toBe(150);
  });

  it('offers every launcher application as an admin scope of a new account', async () => {
    const p = await page(javaScriptEnabled);
    const failures: string[] = [];
    p.on('pageerror', (error) => failures.push(error.message));
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/access-management/users/new'));
    if (javaScriptEnabled) await settled(p);
    const scopes = p.getByRole('group', { name: /Admin scopes/ });
    for (const name of APPLICATION_NAMES) await expect.poll(() => scopes.getByLabel(name, { exact: true }).count()).toBe(1);
    expect(failures).toEqual([]);
  });

  it('rejects a wrong password with the general failure notice', async () => {
    const p = await page(javaScriptEnabled);
    await p.goto(url('/auth'));
    await p.getByLabel('Email').fill(DEMO_USERS.registrar.email);
    await p.getByLabel(/^Password\*?$/).fill('not-the-password');
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = p.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('An error occured');
    expect(new URL(p.url()).pathname).toBe('/auth');
  });

  it('asks for the required fields with the Validation Error notice', async () => {
    const p = await page(javaScriptEnabled);
    await p.goto(url('/auth'));
    await p.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = p.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Validation Error');
    expect(await alert.textContent()).toContain('Please fillup required fields.');
    expect(await p.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('client-specific sign-in', () => {
  it('keeps the token in msc.client.token:{clientId} for a sign-in with ?clientId=', async () => {
    const p = await page(true);
    await signIn(p, DEMO_USERS.admin, '/auth?clientId=registrar-kiosk');
    const cookies = await p.context().cookies();
    const client = cookies.find((c) => c.name === 'msc.client.token:registrar-kiosk');
    expect(client?.value).toMatch(/^cas\.msc\./);
    expect(client?.httpOnly).toBe(true);
    const session = cookies.find((c) => c.name === 'msc.session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
  });
});
