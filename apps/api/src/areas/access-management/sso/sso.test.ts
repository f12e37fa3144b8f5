import { describe, expect, it } from 'vitest';
import * as client from 'openid-client';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { insertAccount } from '../../../platform/db/users.js';
import { TEST_PASSWORD } from '../../../test/harness.js';
import { CookieBrowser, createdThrough, registerApplication, startListeningApi } from '../../../test/registered-application.js';
import { loadSigningKeys, PUBLISH_AHEAD_MS, ssoSealer, stageSigningKey } from './keys.js';

// A real relying party (openid-client) against the API listening on a real port. The browser is a cookie jar
// following the provider's redirects; the console's part of the sign-in (password, then "finish the request")
// is done through the same API routes the console calls.

const CONSOLE = 'http://console.example.test';
const { api, issuer } = await startListeningApi({ consoleUrl: CONSOLE });
const REDIRECT = 'http://localhost:8400/callback';
const AFTER_LOGOUT = 'http://localhost:8400/signed-out';

const admin = await api.signIn('admin@example.edu');
const created = (path: string, body: unknown) => createdThrough(api, admin, path, body);
const {
  applicationId,
  roleIds: [roleId],
} = await registerApplication(api, admin, {
  code: 'PORTAL',
  name: 'Student Portal',
  description: 'Grades and schedules.',
  url: 'https://portal.example.edu.ph',
  module: { code: 'PORTAL-GRADES', name: 'Grades' },
  roles: ['Portal Student'],
});
await created('/core/v1.0/services', {
  name: 'Grade viewer',
  url: 'https://portal.example.edu.ph/grades',
  target: '_blank',
  applicationCode: 'PORTAL',
});
/** The portal's client settings as registered, with `change` applied. */
const clientSettings = (change: Record<string, unknown> = {}) =>
  api.call('PUT', `/core/v1.0/applications/${applicationId}/sso-client`, {
    token: admin,
    body: {
      clientId: 'student-portal',
      isConfidential: true,
      redirectUris: [REDIRECT],
      postLogoutRedirectUris: [AFTER_LOGOUT],
      allowRefreshTokens: true,
      accessTokenMinutes: 15,
      refreshTokenDays: 7,
      isOpenToAll: false,
      ...change,
    },
  });
const registered = await clientSettings();
const secret = registered.body.data.clientSecret as string;

async function student(email: string, withRole = true) {
  const id = await insertAccount(
    api.database.db,
    {
      email,
      password: TEST_PASSWORD,
      firstName: 'Andres',
      middleName: 'de Castro',
      lastName: 'Bonifacio',
      adminScopes: [],
    },
    api.config.argon2,
  );
  if (withRole)
    await api.call('PUT', `/core/v1.0/users/${id}`, { token: admin, body: { roleIds: [roleId] } });
  return id;
}

const rp = await client.discovery(
  new URL(issuer),
  'student-portal',
  undefined,
  client.ClientSecretBasic(secret),
  {
    execute: [client.allowInsecureRequests],
  },
);

interface Started {
  browser: CookieBrowser;
  verifier: string;
  state: string;
  uid: string;
}

/** The application sends the browser to the provider, which sends it on to the console's sign-in page. */
async function startSignIn(browser = new CookieBrowser()): Promise<Started> {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(rp, {
    redirect_uri: REDIRECT,
    scope: 'openid email profile roles',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
  });
  const response = await browser.get(url.href);
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(`${location.origin}${location.pathname}`).toBe(`${CONSOLE}/auth`);
  expect(location.searchParams.get('clientId')).toBe('student-portal');
  return { browser, verifier, state, uid: location.searchParams.get('interaction')! };
}

/** What the console does with the posted sign-in form, then the browser following the answer back. */
async function finishSignIn(started: Started, email: string) {
  const token = await api.signIn(email);
  const finished = await api.call('POST', `/core/v1.0/sso/sign-in-requests/${started.uid}`, { token });
  if (finished.status !== 200) return { refused: finished };
  const back = await started.browser.get(finished.body.data.redirectTo);
  expect(back.status).toBe(303);
  return { callback: new URL(back.headers.get('location')!) };
}

async function signInToPortal(email: string) {
  const started = await startSignIn();
  const { callback } = await finishSignIn(started, email);
  const tokens = await client.authorizationCodeGrant(rp, callback!, {
    pkceCodeVerifier: started.verifier,
    expectedState: started.state,
  });
  return { started, callback: callback!, tokens };
}

describe('single sign-on with OpenID Connect', () => {
  it('publishes discovery and signing keys with key ids', async () => {
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
      jwks_uri: string;
    };
    expect(discovery).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/oidc/auth`,
      token_endpoint: `${issuer}/oidc/token`,
      userinfo_endpoint: `${issuer}/oidc/me`,
      jwks_uri: `${issuer}/oidc/jwks`,
      end_session_endpoint: `${issuer}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys.length).toBeGreaterThan(0);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', kid: expect.any(String), use: 'sig', alg: 'RS256' });
      expect(key.d).toBeUndefined();
    }
  });

  it('signs a user in with code + PKCE: roles, modules and services in the ID token and userinfo; refresh; logout', async () => {
    const userId = await student('andres@example.edu');
    const { tokens, callback } = await signInToPortal('andres@example.edu');
    expect(callback.origin + callback.pathname).toBe(REDIRECT);

    // The ID token's signature checks out against the published keys.
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token!,
      createRemoteJWKSet(new URL(`${issuer}/oidc/jwks`)),
      {
        issuer,
        audience: 'student-portal',
      },
    );
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      sub: userId,
      email: 'andres@example.edu',
      given_name: 'Andres',
      family_name: 'Bonifacio',
      name: 'Andres de Castro Bonifacio',
      roles: ['Portal Student'],
      modules: ['PORTAL-GRADES'],
      services: [{ name: 'Grade viewer', url: 'https://portal.example.edu.ph/grades', target: '_blank' }],
    });
    expect(tokens.expires_in).toBeLessThanOrEqual(15 * 60);

    const info = await client.fetchUserInfo(rp, tokens.access_token, userId);
    expect(info).toMatchObject({
      sub: userId,
      email: 'andres@example.edu',
      roles: ['Portal Student'],
      modules: ['PORTAL-GRADES'],
    });

    expect(tokens.refresh_token).toEqual(expect.any(String));
    const refreshed = await client.refreshTokenGrant(rp, tokens.refresh_token!);
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect((await client.fetchUserInfo(rp, refreshed.access_token, userId)).sub).toBe(userId);

    // RP-initiated logout: the confirmation page (a form, no script needed), then the central session ends.
    const { browser } = (await signInToPortal('andres@example.edu')).started;
    expect(browser.cookieNames()).toContain('msc.cas.session');
    const countSessions = async () =>
      (
        await rows<{ n: number }>(
          api.database.db,
          sql`select count(*)::int as n from sso_payloads where model = 'Session' and account_id = ${userId}`,
        )
      )[0]!.n;
    const open = await countSessions();
    const logoutUrl = client.buildEndSessionUrl(rp, {
      id_token_hint: refreshed.id_token ?? tokens.id_token!,
      post_logout_redirect_uri: AFTER_LOGOUT,
    });
    const confirm = await browser.get(logoutUrl.href);
    expect(confirm.status).toBe(200);
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const ended = await browser.get(new URL(action, issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(ended.status).toBe(303);
    expect(ended.headers.get('location')).toBe(AFTER_LOGOUT);
    expect(await countSessions()).toBe(open - 1);
    // After the central session ended, a new sign-in asks for the password again.
    await startSignIn(browser);
  });

  it('refuses a redirect URI that is not registered exactly', async () => {
    const url = client.buildAuthorizationUrl(rp, {
      redirect_uri: `${REDIRECT}/other`,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri');
  });

  it('refuses an authorization request without PKCE and a token request without the verifier', async () => {
    const url = client.buildAuthorizationUrl(rp, { redirect_uri: REDIRECT, scope: 'openid' });
    const response = await fetch(url, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).searchParams.get('error')).toBe('invalid_request');

    await student('emilio@example.edu');
    const started = await startSignIn();
    const { callback } = await finishSignIn(started, 'emilio@example.edu');
    await expect(
      client.authorizationCodeGrant(rp, callback!, { expectedState: started.state }),
    ).rejects.toThrow();
  });

  it('refuses a code used twice', async () => {
    await student('melchora@example.edu');
    const started = await startSignIn();
    const { callback } = await finishSignIn(started, 'melchora@example.edu');
    await client.authorizationCodeGrant(rp, callback!, {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    await expect(
      client.authorizationCodeGrant(rp, callback!, {
        pkceCodeVerifier: started.verifier,
        expectedState: started.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('refuses a user without a role in the application with the No Access message', async () => {
    await student('teresa@example.edu', false);
    const started = await startSignIn();
    const { refused } = await finishSignIn(started, 'teresa@example.edu');
    expect(refused).toMatchObject({
      status: 403,
      body: { message: 'You have invalid authentication credentials to view the page requested' },
    });
  });

  it('gives no refresh token to a client not allowed the grant, and lets a client open to all sign in a user without a role', async () => {
    expect((await clientSettings({ allowRefreshTokens: false, isOpenToAll: true, accessTokenMinutes: 5 })).status).toBe(200);
    try {
      const userId = await student('leona@example.edu', false);
      const { tokens } = await signInToPortal('leona@example.edu');
      expect(tokens.refresh_token).toBeUndefined();
      expect(tokens.expires_in).toBeLessThanOrEqual(5 * 60);
      expect((await client.fetchUserInfo(rp, tokens.access_token, userId)).sub).toBe(userId);
    } finally {
      expect((await clientSettings()).status).toBe(200);
    }
  });

  it('revokes refresh tokens when the user is deactivated or loses the role', async () => {
    const deactivated = await student('apolinario@example.edu');
    const first = await signInToPortal('apolinario@example.edu');
    await api.call('PUT', `/core/v1.0/users/${deactivated}`, {
      token: admin,
      body: { isActive: false, modifiedById: api.users.admin },
    });
    await expect(client.refreshTokenGrant(rp, first.tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(rp, first.tokens.access_token, deactivated)).rejects.toThrow();
    expect(
      (
        await api.call('POST', '/core/v1.0/auth', {
          body: { email: 'apolinario@example.edu', password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(401);

    const demoted = await student('juan@example.edu');
    const second = await signInToPortal('juan@example.edu');
    await api.call('PUT', `/core/v1.0/users/${demoted}`, { token: admin, body: { roleIds: [] } });
    await expect(client.refreshTokenGrant(rp, second.tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const left = await rows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from sso_payloads where account_id = ${demoted} and model in ('RefreshToken', 'AccessToken', 'Grant')`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('ends the central session when the user signs out of the console', async () => {
    const userId = await student('gregoria@example.edu');
    await signInToPortal('gregoria@example.edu');
    const token = await api.signIn('gregoria@example.edu');
    expect((await api.call('POST', `/core/v1.0/auth/logout/${userId}`, { token })).status).toBe(200);
    const sessions = await rows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from sso_payloads where model = 'Session' and account_id = ${userId}`,
    );
    expect(sessions[0]!.n).toBe(0);
  });

  it('finishes a request with prompt=consent and offline_access: first-party consent is recorded, a refresh token comes back', async () => {
    await student('marcela@example.edu');
    const token = await api.signIn('marcela@example.edu');
    /** One authorization request with prompt=consent, answered by the console's signed-in session. */
    const consentRound = async (browser: CookieBrowser) => {
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: REDIRECT,
        scope: 'openid email offline_access',
        prompt: 'consent',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
      });
      const toConsole = await browser.get(url.href);
      expect(toConsole.status).toBe(303);
      const uid = new URL(toConsole.headers.get('location')!).searchParams.get('interaction')!;
      const finished = await api.call('POST', `/core/v1.0/sso/sign-in-requests/${uid}`, { token });
      expect(finished.status).toBe(200);
      const back = await browser.get(finished.body.data.redirectTo);
      expect(back.status).toBe(303);
      // Straight back to the application, not to the console again for another round.
      const callback = new URL(back.headers.get('location')!);
      expect(callback.origin + callback.pathname).toBe(REDIRECT);
      return client.authorizationCodeGrant(rp, callback, { pkceCodeVerifier: verifier, expectedState: state });
    };
    const browser = new CookieBrowser();
    // A browser without a central session (sign-in and consent in one answer), then one that has it (consent only).
    for (let round = 0; round < 2; round++) {
      const tokens = await consentRound(browser);
      expect(tokens.refresh_token).toEqual(expect.any(String));
      expect(tokens.scope?.split(' ')).toContain('offline_access');
    }
  });

  it('tells the console to ask for the password again when the application sends prompt=login', async () => {
    await student('trinidad@example.edu');
    const { started } = await signInToPortal('trinidad@example.edu');
    const ask = async (prompt?: string) => {
      const url = client.buildAuthorizationUrl(rp, {
        redirect_uri: REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(client.randomPKCECodeVerifier()),
        code_challenge_method: 'S256',
        ...(prompt ? { prompt } : {}),
      });
      const response = await started.browser.get(url.href);
      if (response.status !== 303) return { status: response.status };
      const location = new URL(response.headers.get('location')!);
      if (!location.searchParams.get('interaction')) return { back: location.origin + location.pathname };
      const found = await api.call('GET', `/core/v1.0/sso/sign-in-requests/${location.searchParams.get('interaction')}`);
      return found.body.data as { prompt: string; reauthenticate: boolean };
    };
    // With the central session, a plain request comes straight back; one with prompt=login goes to the console.
    expect(await ask()).toEqual({ back: REDIRECT });
    expect(await ask('login')).toMatchObject({ prompt: 'login', reauthenticate: true });
    // A browser without a central session is asked to sign in, which a signed-in console may answer.
    const fresh = await startSignIn();
    const found = await api.call('GET', `/core/v1.0/sso/sign-in-requests/${fresh.uid}`);
    expect(found.body.data).toMatchObject({ prompt: 'login', reauthenticate: false });
  });

  it('ends the console session that answered the sign-in when the application logs the user out there', async () => {
    const userId = await student('macario@example.edu');
    const consoleToken = await api.signIn('macario@example.edu');
    const otherBrowserToken = await api.signIn('macario@example.edu');
    const started = await startSignIn();
    const finished = await api.call('POST', `/core/v1.0/sso/sign-in-requests/${started.uid}`, { token: consoleToken });
    const back = await started.browser.get(finished.body.data.redirectTo);
    const tokens = await client.authorizationCodeGrant(rp, new URL(back.headers.get('location')!), {
      pkceCodeVerifier: started.verifier,
      expectedState: started.state,
    });
    const me = (token: string) => api.call('GET', '/core/v1.0/users/me', { token });
    expect((await me(consoleToken)).status).toBe(200);

    const confirm = await started.browser.get(
      client.buildEndSessionUrl(rp, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: AFTER_LOGOUT }).href,
    );
    const html = await confirm.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!;
    const ended = await started.browser.get(new URL(action, issuer).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    });
    expect(ended.headers.get('location'), `${ended.status} ${await ended.clone().text()}`).toBe(AFTER_LOGOUT);
    // The console session of that browser ended with the central one; another browser's session goes on.
    expect((await me(consoleToken)).status).toBe(401);
    expect((await me(otherBrowserToken)).status).toBe(200);
    const audit = await rows<{ n: number }>(
      api.database.db,
      sql`select count(*)::int as n from audit_trails where record_id = ${userId} and activity = 'Signed out (single sign-on)'`,
    );
    expect(audit[0]!.n).toBe(1);
  });

  it('shows a client secret once, stores it sealed, and rotates it', async () => {
    const stored = await rows<{ secret_ciphertext: string }>(
      api.database.db,
      sql`select secret_ciphertext from sso_clients where client_id = 'student-portal'`,
    );
    expect(stored[0]!.secret_ciphertext).not.toContain(secret);
    const read = await api.call('GET', `/core/v1.0/applications/${applicationId}/sso-client`, {
      token: admin,
    });
    expect(read.body.data).toMatchObject({
      clientId: 'student-portal',
      hasSecret: true,
      redirectUris: [REDIRECT],
    });
    expect(read.body.data.clientSecret).toBeUndefined();
    const registrar = await api.signIn('registrar@example.edu');
    expect(
      (await api.call('GET', `/core/v1.0/applications/${applicationId}/sso-client`, { token: registrar }))
        .status,
    ).toBe(403);
    const bad = await api.call('PUT', `/core/v1.0/applications/${applicationId}/sso-client`, {
      token: admin,
      body: {
        ...read.body.data,
        redirectUris: ['http://portal.example.edu/cb#x'],
        applicationId: undefined,
        hasSecret: undefined,
        secretCreatedAt: undefined,
        issuer: undefined,
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toHaveProperty(['redirectUris.0']);

    const rotated = await api.call('POST', `/core/v1.0/applications/${applicationId}/sso-client/secret`, {
      token: admin,
    });
    expect(rotated.body.data.clientSecret).toEqual(expect.any(String));
    expect(rotated.body.data.clientSecret).not.toBe(secret);
    const withOld = await fetch(`${issuer}/oidc/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`student-portal:${secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(withOld.status).toBe(401);
  });

  it('lists the applications the user can open with their services', async () => {
    await student('josefa@example.edu');
    const token = await api.signIn('josefa@example.edu');
    const mine = await api.call('GET', '/core/v1.0/users/me/applications', { token });
    expect(mine.body.data).toEqual([
      {
        code: 'PORTAL',
        name: 'Student Portal',
        applicationURL: 'https://portal.example.edu.ph',
        services: [{ name: 'Grade viewer', url: 'https://portal.example.edu.ph/grades', target: '_blank' }],
      },
    ]);
  });
});

describe('signing key rotation', () => {
  it('publishes a staged key before it signs, then keeps the old one published until it retires', async () => {
    const now = new Date();
    const box = ssoSealer(api.config);
    const current = await loadSigningKeys(api.database.db, box, now);
    const staged = await stageSigningKey(api.database.db, box, now);
    const published = await loadSigningKeys(api.database.db, box, now);
    expect(published.signingKid).toBe(current.signingKid);
    expect(published.keys.map((k) => k.kid)).toEqual([current.signingKid, staged]);
    expect(published.reloadAt.getTime()).toBeLessThanOrEqual(now.getTime() + PUBLISH_AHEAD_MS);

    const later = new Date(now.getTime() + PUBLISH_AHEAD_MS + 1000);
    const rotated = await loadSigningKeys(api.database.db, box, later);
    expect(rotated.signingKid).toBe(staged);
    expect(rotated.keys.map((k) => k.kid)).toEqual([staged, current.signingKid]);

    const muchLater = new Date(later.getTime() + 2 * PUBLISH_AHEAD_MS);
    expect((await loadSigningKeys(api.database.db, box, muchLater)).keys.map((k) => k.kid)).toEqual([staged]);
  });
});
