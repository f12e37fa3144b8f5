import { userEntity } from '@campus/domain-iam';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, apiLog, DEMO_USERS, latestResetCode, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function page(javaScriptEnabled = true): Promise<Page> {
  const c = await newContext({ javaScriptEnabled });
  contexts.push(c);
  return c.newPage();
}

/** A fresh user with a temporary password, created by the demo admin through the API. */
async function createUser(suffix: string): Promise<{ email: string; password: string }> {
  const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signedIn.status !== 200) throw new Error('admin sign-in failed');
  const sample = userEntity.sample(suffix) as { email: string; temporaryPassword: string };
  const created = await apiClient(signedIn.body.data.token).resource('users').create(sample);
  if (created.status !== 201) throw new Error(`user not created: ${JSON.stringify(created.body)}`);
  return { email: sample.email, password: sample.temporaryPassword };
}

async function fillNewPassword(p: Page, password: string) {
  await p.getByLabel(/^New password\*?$/).fill(password);
  await p.getByLabel(/^Confirm new password/).fill(password);
}

describe('passwords', () => {
  let user: { email: string; password: string };
  beforeAll(async () => {
    user = await createUser(`e2e${Date.now().toString(36)}`);
  });

  it('sends a user with a temporary password to /reset-password first, then to the launcher', async () => {
    const p = await page(false);
    await signIn(p, user);
    expect(new URL(p.url()).pathname).toBe('/reset-password');
    await p.goto(url('/app'));
    expect(new URL(p.url()).pathname).toBe('/reset-password');
    await p.getByLabel(/^Temporary password/).fill(user.password);
    await fillNewPassword(p, 'password');
    await p.getByRole('button', { name: 'Save password' }).click();
    expect(await p.getByRole('alert').textContent()).toContain('Validation Error');
    await p.getByLabel(/^Temporary password/).fill(user.password);
    const chosen = 'Sampaguita-Hall-2026!';
    await fillNewPassword(p, chosen);
    await p.getByRole('button', { name: 'Save password' }).click();
    expect(new URL(p.url()).pathname).toBe('/app');
    user = { ...user, password: chosen };
  });

  it('changes the password on /profile/security (current password required)', async () => {
    const p = await page();
    await signIn(p, user);
    // The scripts are held back until the fields are typed in: what a person types while the page is still
    // loading stays in the fields once JavaScript takes over.
    const scripts = /\.js(\?|$)/;
    const held: Route[] = [];
    let released = false;
    await p.route(scripts, (route) => (released ? route.continue() : void held.push(route)));
    await p.goto(url('/profile/security'), { waitUntil: 'commit' });
    await p.getByLabel(/^Current password/).fill('wrong-current-password');
    const next = 'Narra-Library-Stacks-42';
    await fillNewPassword(p, next);
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await p.getByRole('button', { name: 'Show password' }).first().waitFor();
    expect(await p.getByLabel(/^Current password/).inputValue()).toBe('wrong-current-password');
    expect(await p.getByLabel(/^New password\*?$/).inputValue()).toBe(next);
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByRole('alert').waitFor();
    expect(await p.getByRole('alert').textContent()).toContain('An error occured');
    await p.getByLabel(/^Current password/).fill(user.password);
    await fillNewPassword(p, next);
    await p.getByRole('button', { name: 'Change password' }).click();
    await p.getByText('Your password has been changed.').waitFor();
    user = { ...user, password: next };
    expect((await apiClient().signIn({ body: user })).status).toBe(200);
  });

  it('resets a forgotten password with the emailed code (read from the outbox, never the API log)', async () => {
    const p = await page(false);
    await p.goto(url('/auth'));
    await p.getByRole('link', { name: 'Forgot your password?' }).click();
    await p.getByLabel('Email').fill(user.email);
    await p.getByRole('button', { name: 'Send reset code' }).click();
    expect(new URL(p.url()).pathname).toBe('/reset');
    const code = await latestResetCode(user.email);
    // The code as a value of its own, not six digits inside a longer number (a response time, a timestamp).
    expect(apiLog()).not.toMatch(new RegExp(`(?<![0-9])${code}(?![0-9])`));
    await p.getByLabel('Reset code').fill(code);
    await p.getByRole('button', { name: 'Continue' }).click();
    expect(new URL(p.url()).pathname).toBe('/reset-password');
    const reset = 'Mangrove-Campus-Path-77';
    await fillNewPassword(p, reset);
    await p.getByRole('button', { name: 'Save password' }).click();
    expect(new URL(p.url()).pathname).toBe('/auth');
    expect(await p.getByRole('status').first().textContent()).toContain('Your password has been reset.');
    await signIn(p, { email: user.email, password: reset });
    expect(new URL(p.url()).pathname).toBe('/app');
  });

  it('does not say whether an address has an account', async () => {
    const p = await page(false);
    await p.goto(url('/recovery'));
    await p.getByLabel('Email').fill('nobody-here@example.edu');
    await p.getByRole('button', { name: 'Send reset code' }).click();
    expect(new URL(p.url()).pathname).toBe('/reset');
    expect(await p.getByRole('status').first().textContent()).toContain('If the address belongs to an account');
  });

  it('says what is wrong with an address or a code beside it without JavaScript, and keeps the address typed', async () => {
    const p = await page(false);
    await p.goto(url('/recovery'));
    await p.getByLabel('Email').fill('maria.santos');
    await p.getByRole('button', { name: 'Send reset code' }).click();
    expect(await p.getByRole('alert').first().textContent()).toContain('Validation Error');
    await p.locator('form').getByText('Enter a valid email address.').waitFor();
    expect(await p.getByLabel('Email').inputValue()).toBe('maria.santos');
    expect(new URL(p.url()).pathname).toBe('/recovery');

    await p.goto(url('/reset?email=nobody-resets%40example.edu'));
    await p.getByLabel('Reset code').fill('12ab');
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.locator('form').getByText('Enter the 6-digit code.').waitFor();
    expect(await p.getByLabel('Email').inputValue()).toBe('nobody-resets@example.edu');
    // A code of the right shape the API does not know: its refusal above the form and beside the code, the address kept.
    await p.getByLabel('Reset code').fill('000000');
    await p.getByRole('button', { name: 'Continue' }).click();
    expect(await p.getByRole('alert').first().textContent()).toContain('An error occured');
    expect(await p.getByLabel('Reset code').getAttribute('aria-invalid')).toBe('true');
    expect(await p.getByLabel('Email').inputValue()).toBe('nobody-resets@example.edu');
    expect(new URL(p.url()).pathname).toBe('/reset');
  });

  it('never sends a typed password back to the page of a refused new password', async () => {
    const fresh = await createUser(`e2e${Date.now().toString(36)}x`);
    const p = await page(false);
    await signIn(p, fresh);
    expect(new URL(p.url()).pathname).toBe('/reset-password');
    await p.getByLabel(/^Temporary password/).fill(fresh.password);
    await p.getByLabel(/^New password\*?$/).fill('Bamboo-Grove-Walk-2031');
    await p.getByLabel(/^Confirm new password/).fill('Bamboo-Grove-Walk-2032');
    await p.getByRole('button', { name: 'Save password' }).click();
    await p.locator('form').getByText('The passwords do not match.').waitFor();
    const html = await p.content();
    expect(html).not.toContain('Bamboo-Grove-Walk-203');
    expect(html).not.toContain(fresh.password);
  });
});
