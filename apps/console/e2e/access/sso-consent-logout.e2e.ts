import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as client from 'openid-client';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, harness, newContext, sessionToken, signIn, url } from '../support';

// An application that asks for consent with offline access, and one that logs the user out of the provider: both
// in Chromium against the started API and console, with and without JavaScript (decisions 0014, 0052).

const contexts: BrowserContext[] = [];
async function context(javaScriptEnabled: boolean): Promise<BrowserContext> {
  const created = await newContext({ javaScriptEnabled });
  contexts.push(created);
  return created;
}

/** The relying party: a real HTTP server for the redirect URI and the page after logout. */
const relyingParty: Server = createServer((request, response) => {
  const signedOut = request.url?.startsWith('/signed-out');
  response
    .writeHead(200, { 'content-type': 'text/html' })
    .end(`<!DOCTYPE html><title>University Archives</title><h1>${signedOut ? 'Signed out' : 'Signed in'}</h1>`);
});
await new Promise<void>((resolve) => relyingParty.listen(0, '127.0.0.1', resolve));
const RP_BASE = `http://127.0.0.1:${(relyingParty.address() as AddressInfo).port}`;
const REDIRECT_URI = `${RP_BASE}/callback`;
const AFTER_LOGOUT = `${RP_BASE}/signed-out`;
const CLIENT_ID = 'archives';

let rp: client.Configuration;

beforeAll(async () => {
  const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signedIn.status !== 200) throw new Error('The administrator could not sign in.');
  const admin = apiClient(signedIn.body.data.token);
  const created = await admin.resource('applications').create({
    code: 'ARCHIVES',
    name: 'University Archives',
    applicationURL: `${RP_BASE}/`,
  });
  if (created.status !== 201) throw new Error(`Creating the application: ${created.status}`);
  const applicationId = (created.body as { data: { _id: string } }).data._id;
  const saved = await admin.sso.saveApplicationClient({
    params: { id: applicationId },
    body: {
      clientId: CLIENT_ID,
      isConfidential: false,
      redirectUris: [REDIRECT_URI],
      postLogoutRedirectUris: [AFTER_LOGOUT],
      allowRefreshTokens: true,
      accessTokenMinutes: 15,
      refreshTokenDays: 1,
      isOpenToAll: true,
    },
  });
  if (saved.status !== 200) throw new Error(`Registering the client: ${saved.status}`);
  await admin.signOut({ params: { userId: signedIn.body.data.userId } });
  rp = await client.discovery(new URL(harness().apiUrl), CLIENT_ID, undefined, client.None(), {
    execute: [client.allowInsecureRequests],
  });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await new Promise((resolve) => relyingParty.close(resolve));
});

/** An authorization request of the application; `signIn` gets the tokens once the browser is back with a code. */
async function authorization(parameters: Record<string, string> = {}) {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const href = client.buildAuthorizationUrl(rp, {
    redirect_uri: REDIRECT_URI,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...parameters,
  }).href;
  const tokens = (page: Page) =>
    client.authorizationCodeGrant(rp, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state });
  return { href, tokens };
}

const backAtApplication = (u: URL) => u.href.startsWith(REDIRECT_URI);

describe('prompt=consent with offline_access', () => {
  it.each([true, false])(
    'signs the user in and returns to the application with a refresh token (JavaScript %s)',
    async (javaScriptEnabled) => {
      const page = await (await context(javaScriptEnabled)).newPage();
      const consent = { scope: 'openid email offline_access', prompt: 'consent' };

      // Not signed in yet: the sign-in page, then straight back to the application.
      const first = await authorization(consent);
      await page.goto(first.href);
      expect(new URL(page.url()).pathname).toBe('/auth');
      await page.getByLabel('Email').fill(DEMO_USERS.registrar.email);
      await page.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
      await Promise.all([page.waitForURL(backAtApplication), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
      const tokens = await first.tokens(page);
      expect(tokens.refresh_token).toEqual(expect.any(String));
      expect(tokens.claims()).toMatchObject({ email: DEMO_USERS.registrar.email, aud: CLIENT_ID });

      // Signed in: the consent request is answered at once.
      const again = await authorization(consent);
      await page.goto(again.href);
      await page.waitForURL(backAtApplication);
      expect((await again.tokens(page)).refresh_token).toEqual(expect.any(String));
    },
  );
});

describe('single logout from an application', () => {
  it.each([true, false])(
    'ends the console session of the same browser, and the next sign-in asks for the password (JavaScript %s)',
    async (javaScriptEnabled) => {
      const page = await (await context(javaScriptEnabled)).newPage();
      await signIn(page, DEMO_USERS.registrar);
      const { token } = await sessionToken(page.context());

      // Signed in to the console: the application's request comes back with a code at once.
      const first = await authorization();
      await page.goto(first.href);
      await page.waitForURL(backAtApplication);
      const tokens = await first.tokens(page);

      // The application logs the user out of the provider.
      const logout = client.buildEndSessionUrl(rp, {
        id_token_hint: tokens.id_token!,
        post_logout_redirect_uri: AFTER_LOGOUT,
      });
      await page.goto(logout.href);
      await Promise.all([
        page.waitForURL((u) => u.href.startsWith(AFTER_LOGOUT)),
        page.getByRole('button', { name: 'Sign out' }).click(),
      ]);

      // The console session ended too: its token is refused, and the console asks for a sign-in.
      expect((await apiClient(token).getCurrentUser()).status).toBe(401);
      await page.goto(url('/app'));
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect((await page.context().cookies()).find((c) => c.name === 'msc.session')).toBeUndefined();

      // The next authorization asks for the password again instead of returning a code.
      const next = await authorization();
      await page.goto(next.href);
      const signInPage = new URL(page.url());
      expect(signInPage.pathname).toBe('/auth');
      expect(signInPage.searchParams.get('interaction')).toEqual(expect.any(String));
      expect(await page.textContent('body')).toContain('to continue to University Archives');
      await page.getByLabel('Email').fill(DEMO_USERS.registrar.email);
      await page.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
      await Promise.all([page.waitForURL(backAtApplication), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
      expect((await next.tokens(page)).claims()).toMatchObject({ email: DEMO_USERS.registrar.email });
    },
  );

  it('leaves the console session of another browser signed in', async () => {
    const elsewhere = await (await context(false)).newPage();
    await signIn(elsewhere, DEMO_USERS.registrar);
    const page = await (await context(false)).newPage();
    await signIn(page, DEMO_USERS.registrar);
    const first = await authorization();
    await page.goto(first.href);
    await page.waitForURL(backAtApplication);
    const tokens = await first.tokens(page);
    await page.goto(client.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: AFTER_LOGOUT }).href);
    await Promise.all([
      page.waitForURL((u) => u.href.startsWith(AFTER_LOGOUT)),
      page.getByRole('button', { name: 'Sign out' }).click(),
    ]);
    await elsewhere.goto(url('/app'));
    expect(new URL(elsewhere.url()).pathname).toBe('/app');
  });
});

describe('prompt=login', () => {
  it.each([true, false])(
    'asks a signed-in user for the password again, then returns to the application (JavaScript %s)',
    async (javaScriptEnabled) => {
      const page = await (await context(javaScriptEnabled)).newPage();
      await signIn(page, DEMO_USERS.registrar);
      const before = await sessionToken(page.context());

      const request = await authorization({ prompt: 'login' });
      await page.goto(request.href);
      const signInPage = new URL(page.url());
      expect(signInPage.pathname).toBe('/auth');
      expect(signInPage.searchParams.get('interaction')).toEqual(expect.any(String));
      await page.getByLabel('Email').fill(DEMO_USERS.registrar.email);
      await page.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
      await Promise.all([page.waitForURL(backAtApplication), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
      expect((await request.tokens(page)).claims()).toMatchObject({ email: DEMO_USERS.registrar.email });

      // The new sign-in replaced the console session it found.
      expect((await apiClient(before.token).getCurrentUser()).status).toBe(401);
      await page.goto(url('/app'));
      expect(new URL(page.url()).pathname).toBe('/app');
    },
  );
});
