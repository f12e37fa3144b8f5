import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import { Secret, TOTP } from 'otpauth';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  apiClient,
  clickAndLoad,
  DEMO_USERS,
  harness,
  newContext,
  seriousA11yViolations,
  sessionToken,
  signIn,
  url,
} from '../support';
import { labelled } from '../resources/resource-page';

// Single sign-on and two-factor sign-in in Chromium, against the started API and console (decisions 0014, 0051).

const contexts: BrowserContext[] = [];
async function context(javaScriptEnabled = true): Promise<BrowserContext> {
  const created = await newContext({ javaScriptEnabled });
  contexts.push(created);
  return created;
}

/** The relying party's redirect URI: a real HTTP server that answers the callback. */
const callbacks: URL[] = [];
const relyingParty: Server = createServer((request, response) => {
  callbacks.push(new URL(request.url ?? '/', `http://${request.headers.host}`));
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end('<!DOCTYPE html><title>University Library</title><h1>Signed in</h1>');
});
await new Promise<void>((resolve) => relyingParty.listen(0, '127.0.0.1', resolve));
const REDIRECT_URI = `http://127.0.0.1:${(relyingParty.address() as AddressInfo).port}/callback`;

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await new Promise((resolve) => relyingParty.close(resolve));
});

const codeAt = (secret: string, timestamp: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp });

describe('single sign-on for a registered application', () => {
  // Registers the 'library' client that the next test signs in to.
  it('registers an application in Access Management and signs a user in to it through /auth?clientId=…', async () => {
    const admin = await context();
    const page = await admin.newPage();
    await signIn(page, DEMO_USERS.admin);

    // Register the application with the generic create screen, then its client on the edit screen.
    await page.goto(url('/app/access-management/applications/new'));
    await page.getByLabel(labelled('Code')).fill('LIBRARY');
    await page.getByLabel(labelled('Name')).fill('University Library');
    await page.getByLabel(labelled('Application URL')).fill('http://127.0.0.1:9/');
    await Promise.all([
      page.waitForURL((u) => !u.pathname.endsWith('/new')),
      page.getByRole('button', { name: 'Create' }).click(),
    ]);
    const { token } = await sessionToken(admin);
    const listed = await apiClient(token).resource('applications').list({ search: 'code:LIBRARY' });
    const applicationId = (listed.body as { rows: { _id: string }[] }).rows[0]!._id;

    await page.goto(url(`/app/access-management/applications/${applicationId}/edit`));
    const panel = page.getByRole('region', { name: 'Single sign-on (OpenID Connect)' });
    await panel.getByLabel(/^Client ID/).fill('library');
    await panel.getByRole('radio', { name: /Public/ }).check();
    await panel.getByLabel(/^Redirect URIs/).fill(REDIRECT_URI);
    // A React Aria checkbox: its input is visually hidden, so the label is what a person clicks.
    await panel.getByText(/^Open to every active user/).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: /Open to every active user/ }).isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Save single sign-on settings' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('Single sign-on settings saved.');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A browser that is not signed in follows the application's authorization request.
    const rp = await client.discovery(new URL(harness().apiUrl), 'library', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorization = client.buildAuthorizationUrl(rp, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile roles',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const visitor = await (await context()).newPage();
    await visitor.goto(authorization.href);
    const signInUrl = new URL(visitor.url());
    expect(signInUrl.pathname).toBe('/auth');
    expect(signInUrl.searchParams.get('clientId')).toBe('library');
    expect(await visitor.textContent('body')).toContain('to continue to University Library');
    await visitor.getByLabel('Email').fill(DEMO_USERS.registrar.email);
    await visitor.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
    await Promise.all([
      visitor.waitForURL((u) => u.href.startsWith(REDIRECT_URI)),
      visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);

    const callback = new URL(visitor.url());
    expect(callback.searchParams.get('code')).toEqual(expect.any(String));
    const tokens = await client.authorizationCodeGrant(rp, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({ email: DEMO_USERS.registrar.email, aud: 'library' });
  });

  it('sends a user with a temporary password to choose a new one, then back to the application', async () => {
    const tokenOf = (answer: { body: unknown }) => (answer.body as { data: { token: string } }).data.token;
    const admin = apiClient(tokenOf(await apiClient().signIn({ body: DEMO_USERS.admin })));
    const email = 'temporary.user@example.edu';
    const temporary = 'Tala-Kampus-Unang-2026';
    await admin.resource('users').create({
      email,
      temporaryPassword: temporary,
      firstName: 'Gabriela',
      lastName: 'Silang',
      adminScopes: [],
    });
    const rp = await client.discovery(new URL(harness().apiUrl), 'library', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const authorization = client.buildAuthorizationUrl(rp, {
      redirect_uri: REDIRECT_URI,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const visitor = await (await context(false)).newPage();
    await visitor.goto(authorization.href);
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel(/^Password\*?$/).fill(temporary);
    await Promise.all([
      visitor.waitForURL((u) => u.pathname === '/reset-password'),
      visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    await visitor.getByLabel(/^Temporary password/).fill(temporary);
    await visitor.getByLabel(/^New password\*?$/).fill('Bagong-Silang-Pasok-2026');
    await visitor.getByLabel(/^Confirm new password/).fill('Bagong-Silang-Pasok-2026');
    await Promise.all([
      visitor.waitForURL((u) => u.href.startsWith(REDIRECT_URI)),
      visitor.getByRole('button', { name: 'Save password' }).click(),
    ]);
    expect(new URL(visitor.url()).searchParams.get('code')).toEqual(expect.any(String));
  });

  it('shows No Access to a user who holds no role in the application', async () => {
    const rp = await client.discovery(new URL(harness().apiUrl), 'demo-portal', undefined, client.None(), {
      execute: [client.allowInsecureRequests],
    });
    const authorization = client.buildAuthorizationUrl(rp, {
      redirect_uri: 'http://localhost:8400/callback',
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const visitor = await (await context(false)).newPage();
    await visitor.goto(authorization.href);
    await visitor.getByLabel('Email').fill(DEMO_USERS.registrar.email);
    await visitor.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
    await Promise.all([
      visitor.waitForURL((u) => u.pathname === '/unauthorized'),
      visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('No Access');
    expect(await visitor.textContent('body')).toContain(
      'You have invalid authentication credentials to view the page requested',
    );
    // It names the application that asked, and offers the same request's sign-in with another account.
    expect(await visitor.textContent('body')).toContain('Your account holds no role in Student Portal.');
    expect(await visitor.getByRole('link', { name: 'Use another account' }).getAttribute('href')).toMatch(
      /^\/auth\?clientId=demo-portal&interaction=[A-Za-z0-9_-]+&account=another$/,
    );
  });
});

describe('two-factor sign-in', () => {
  it('enrols an authenticator app with a QR code and signs in with its code', async () => {
    // A user of our own, so that the other specs' demo accounts keep signing in with a password only.
    const tokenOf = (answer: { body: unknown }) => (answer.body as { data: { token: string } }).data.token;
    const admin = apiClient(tokenOf(await apiClient().signIn({ body: DEMO_USERS.admin })));
    const email = 'totp.user@example.edu';
    const temporary = 'Tala-Kampus-Bukas-2026';
    const password = 'Bagong-Kampus-Pasok-2026';
    await admin.resource('users').create({
      email,
      temporaryPassword: temporary,
      firstName: 'Melchora',
      lastName: 'Aquino',
      adminScopes: ['CAMPUS'],
    });
    const first = await apiClient().signIn({ body: { email, password: temporary } });
    await apiClient(tokenOf(first)).changePassword({
      body: { currentPassword: temporary, newPassword: password },
    });

    const page = await (await context(false)).newPage();
    await signIn(page, { email, password });
    await page.goto(url('/profile/two-factor'));
    // Without JavaScript each button posts and the answer comes back to this address: count once it has loaded.
    await clickAndLoad(page, page.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await page.getByRole('img', { name: 'QR code to scan with your authenticator app' }).count()).toBe(
      1,
    );
    const secret = (await page.getByTestId('totp-secret').textContent())!;
    // The code of the previous time step is still accepted, which leaves the current one for the sign-in below.
    await page.getByLabel(/^Code from the app/).fill(codeAt(secret, Date.now() - 30_000));
    await clickAndLoad(page, page.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count()).toBe(10);

    const again = await (await context(false)).newPage();
    await again.goto(url('/auth'));
    await again.getByLabel('Email').fill(email);
    await again.getByLabel(/^Password\*?$/).fill(password);
    await Promise.all([
      again.waitForURL((u) => u.pathname === '/auth/second-factor'),
      again.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    await again.getByLabel(/^Authentication code/).fill(codeAt(secret, Date.now()));
    await Promise.all([
      again.waitForURL((u) => u.pathname === '/app'),
      again.getByRole('button', { name: 'Verify' }).click(),
    ]);

    // The user loses the phone and the codes: an IAM administrator resets the factor on the user's edit screen.
    const listed = await admin.resource('users').list({ search: `email:${email}` });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const userId = (listed.body as { rows: { _id: string }[] }).rows[0]!._id;
    const adminPage = await (await context(false)).newPage();
    await signIn(adminPage, DEMO_USERS.admin);
    await adminPage.goto(url(`/app/access-management/users/${userId}/edit`));
    // Without JavaScript the click posts the form: wait for the answer's page rather than count at once.
    await adminPage.getByRole('button', { name: 'Reset two-factor sign-in' }).click();
    await adminPage.getByRole('status').filter({ hasText: 'Two-factor sign-in was reset' }).waitFor();
    // The user's session ended; the password alone signs them in now.
    await again.goto(url('/app'));
    expect(new URL(again.url()).pathname).toBe('/auth');
    await again.getByLabel('Email').fill(email);
    await again.getByLabel(/^Password\*?$/).fill(password);
    await Promise.all([
      again.waitForURL((u) => u.pathname === '/app'),
      again.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
  });
});
