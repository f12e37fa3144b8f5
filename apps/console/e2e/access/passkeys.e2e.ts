import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness';
import { browser, DEMO_USERS, seriousA11yViolations, settled, shootBothWidths } from '../support';

// Passkeys in Chromium with its virtual authenticator (DevTools protocol `WebAuthn`), decision 0058. A relying party ID
// must be a host name, never an IP address, so this file runs its own API and console published as `localhost`.

let site: Harness;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  site = await startHarness({ consoleHost: 'localhost' });
}, 300_000);
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await site?.stop();
});

const at = (path: string) => `${site.consoleUrl}${path}`;

async function context(options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}) {
  const created = await (await browser()).newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    baseURL: site.consoleUrl,
  });
  created.setDefaultTimeout(15_000);
  contexts.push(created);
  return created;
}

/** A platform authenticator that keeps discoverable credentials and verifies its user (a fingerprint, say) at once. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function signInWithPassword(page: Page, user: { email: string; password: string }, expectedPath: string, javaScript = true) {
  await page.goto(at('/auth'));
  if (javaScript) await settled(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password\*?$/).fill(user.password);
  await Promise.all([page.waitForURL((u) => u.pathname === expectedPath), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
}

async function signOut(page: Page) {
  await page.goto(at('/logout'));
  await Promise.all([page.waitForURL((u) => u.pathname === '/' || u.pathname === '/auth'), page.getByRole('button', { name: 'OK' }).click()]);
}

const shoot = (page: Page, name: string) => shootBothWidths(page, 'passkeys', name);

describe('passkeys', () => {
  it('registers a passkey, signs in with it as the second factor and alone, and removes it', async () => {
    const page = await (await context()).newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const user = DEMO_USERS.registrar;
    await signInWithPassword(page, user, '/app');

    await page.goto(at('/profile/two-factor'));
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await expect.poll(() => panel.getByText('You have no passkeys yet.').count()).toBe(1);
    await panel.getByLabel(/^Passkey name/).fill('Chromium on this laptop');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey "Chromium on this laptop" added.').waitFor();
    const listed = page.getByRole('list', { name: 'Your passkeys' });
    await expect.poll(() => listed.getByRole('listitem').count()).toBe(1);
    expect(await listed.textContent()).toContain('not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]!.isResidentCredential).toBe(true);
    // Renaming works without the authenticator.
    await listed.getByLabel(/^New name for Chromium on this laptop/).fill('Work laptop');
    await listed.getByRole('button', { name: 'Rename' }).click();
    await page.getByText('Passkey renamed to "Work laptop".').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, 'two-factor-settings');

    // The password is now followed by the passkey.
    await signOut(page);
    await signInWithPassword(page, user, '/auth/second-factor');
    await expect.poll(() => page.getByRole('heading', { name: 'Use your passkey' }).count()).toBe(1);
    // This account has no authenticator app: there is no code to type.
    expect(await page.getByLabel(/^Authentication code/).count()).toBe(0);
    await shoot(page, 'second-factor');
    await Promise.all([page.waitForURL((u) => u.pathname === '/app'), page.getByRole('button', { name: 'Use a passkey' }).click()]);

    // And the passkey alone signs in: no email, no password.
    await signOut(page);
    await page.goto(at('/auth'));
    await shoot(page, 'sign-in');
    await Promise.all([page.waitForURL((u) => u.pathname === '/app'), page.getByRole('button', { name: 'Sign in with a passkey' }).click()]);
    const after = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials[0]!;
    expect(after.signCount).toBeGreaterThanOrEqual(2);

    await page.goto(at('/profile/two-factor'));
    expect(await page.getByRole('list', { name: 'Your passkeys' }).textContent()).toContain('last used');
    await page.getByRole('button', { name: 'Remove Work laptop' }).click();
    await page.getByText('Passkey removed.').waitFor();
    await expect.poll(() => page.getByText('You have no passkeys yet.').count()).toBe(1);

    // The removed passkey no longer signs in, even though the authenticator still holds it.
    await signOut(page);
    await page.goto(at('/auth'));
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.getByText('The passkey could not be verified. Try again, or sign in with your password.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth');
  });

  it('when IAM administrators must have a passkey, one without adds it after signing in and then signs in with it', async () => {
    const page = await (await context()).newPage();
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const admin = DEMO_USERS.admin;
    await signInWithPassword(page, admin, '/app');
    await page.goto(at('/app/settings'));
    await settled(page);
    // A React Aria checkbox: its input is visually hidden, so the label is what a person clicks.
    const required = page.getByRole('checkbox', { name: /^IAM administrators must sign in with a passkey/ });
    await page.getByText(/^IAM administrators must sign in with a passkey/).click();
    await expect.poll(() => required.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The new settings are in force.').waitFor();

    // The next sign-in with the password alone is not whole: the only page open is the one to add a passkey.
    await signOut(page);
    await signInWithPassword(page, admin, '/profile/two-factor');
    await page.getByText('IAM administrators must sign in with a passkey: add one to continue.').waitFor();
    await page.goto(at('/app'));
    expect(new URL(page.url()).pathname).toBe('/profile/two-factor');
    await settled(page);
    await shoot(page, 'passkey-owed');
    const panel = page.getByRole('region', { name: 'Passkeys' });
    await panel.getByLabel(/^Passkey name/).fill('Security key');
    await panel.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByText('Passkey "Security key" added.').waitFor();
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    await page.goto(at('/app'));
    expect(new URL(page.url()).pathname).toBe('/app');

    // From now on the password is followed by the passkey, and the last passkey cannot be removed.
    await signOut(page);
    await signInWithPassword(page, admin, '/auth/second-factor');
    await expect.poll(() => page.getByRole('heading', { name: 'Use your passkey' }).count()).toBe(1);
    await settled(page);
    await Promise.all([page.waitForURL((u) => u.pathname === '/app'), page.getByRole('button', { name: 'Use a passkey' }).click()]);
    await page.goto(at('/profile/two-factor'));
    await page.getByText('IAM administrators must sign in with a passkey: keep at least one.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The requirement lifted, the account keeps its passkey as its second step.
    await page.goto(at('/app/settings'));
    await settled(page);
    await page.getByText(/^IAM administrators must sign in with a passkey/).click();
    await expect.poll(() => required.isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('The new settings are in force.').waitFor();
  });

  it('without JavaScript the sign-in page says passkeys need it and the password form still signs in', async () => {
    const page = await (await context({ javaScriptEnabled: false })).newPage();
    await page.goto(at('/auth'));
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).count()).toBe(0);
    await expect.poll(() => page.getByText('Signing in with a passkey needs JavaScript').count()).toBe(1);
    // The registrar: the administrator keeps the passkey the test above added, so a password alone no longer signs them in.
    await signInWithPassword(page, DEMO_USERS.registrar, '/app', false);
    await page.goto(at('/profile/two-factor'));
    await expect.poll(() => page.getByText('Adding a passkey needs JavaScript').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add a passkey' }).count()).toBe(0);
  });
});
