import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, newContext, sessionToken, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function signedInPage(javaScriptEnabled = true) {
  const context = await newContext({ javaScriptEnabled });
  contexts.push(context);
  const p = await context.newPage();
  await signIn(p, DEMO_USERS.admin);
  await p.goto(url('/app/campus-management'));
  return p;
}

describe('logout (spec §2)', () => {
  it('asks for confirmation and signs out on OK', async () => {
    const p = await signedInPage();
    const { token } = await sessionToken(p.context());
    await p.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Logout' }).click();
    const dialog = p.getByRole('dialog', { name: 'Logout Confirmation' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Are you sure you want to logout?');
    await Promise.all([p.waitForURL((u) => u.pathname === '/auth'), dialog.getByRole('button', { name: 'OK' }).click()]);
    expect((await p.context().cookies()).find((c) => c.name === 'msc.session')).toBeUndefined();
    // the API was told: the old token no longer works
    expect((await apiClient(token).getCurrentUser()).status).toBe(401);
  });

  it('keeps the user signed in on Cancel', async () => {
    const p = await signedInPage();
    await p.getByRole('banner').getByRole('link', { name: 'Logout' }).click();
    const dialog = p.getByRole('dialog', { name: 'Logout Confirmation' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(p.url()).pathname).toBe('/app/campus-management');
    expect((await p.goto(url('/app')))?.status()).toBe(200);
  });

  it('confirms on a page without JavaScript', async () => {
    const p = await signedInPage(false);
    await p.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Logout' }).click();
    expect(new URL(p.url()).pathname).toBe('/logout');
    await expect.poll(() => p.getByRole('heading', { name: 'Logout Confirmation' }).count()).toBe(1);
    await p.getByRole('button', { name: 'OK' }).click();
    expect(new URL(p.url()).pathname).toBe('/auth');
    await p.goto(url('/app'));
    expect(new URL(p.url()).pathname).toBe('/auth');
  });

  it('signs out everywhere from the security page without JavaScript, ending the other browser too', async () => {
    const other = await signedInPage(false);
    const p = await signedInPage(false);
    await p.goto(url('/profile/security'));
    await p.getByRole('button', { name: 'Sign out everywhere' }).click();
    expect(new URL(p.url()).pathname).toBe('/auth');
    await expect.poll(() => p.getByText('Every session of your account has ended, this one included.').count()).toBe(1);
    await other.goto(url('/app'));
    expect(new URL(other.url()).pathname).toBe('/auth');
  });
});
