import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAML, ValidateInResponseTo } from '@node-saml/node-saml';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { insertAccount } from '../../../platform/db/users.js';
import { TEST_PASSWORD } from '../../../test/harness.js';
import { CookieBrowser, registerApplication, startListeningApi } from '../../../test/registered-application.js';
import { NO_ACCESS } from '../../../platform/guard.js';
import { selfSignedKey } from './keys.js';

// A real service provider (node-saml, an implementation independent of samlify) against the identity provider on a
// real port. The browser is a cookie jar following redirects; the console's part (password, then "finish the
// request") is done through the same API routes the console calls.

const CONSOLE = 'http://console.example.test';
const { api, issuer } = await startListeningApi({ consoleUrl: CONSOLE });
// node-saml checks the assertion's times against the real clock.
api.clock.current = new Date();
const SP_ENTITY = 'https://library.example.edu/shibboleth';
const ACS = 'http://localhost:8500/saml/acs';
const SLO = 'http://localhost:8500/saml/slo';

const admin = await api.signIn('admin@example.edu');
const {
  applicationId,
  roleIds: [roleId],
} = await registerApplication(api, admin, {
  code: 'LIBRARY',
  name: 'University Library',
  description: 'Catalogue and loans.',
  url: 'https://library.example.edu',
  module: { code: 'LIBRARY-LOANS', name: 'Loans' },
  roles: ['Library Patron'],
});

const spSigning = await selfSignedKey('library sp signing', new Date());
const spEncryption = await selfSignedKey('library sp encryption', new Date());
const register = (change: Record<string, unknown> = {}) =>
  api.call('PUT', `/core/v1.0/applications/${applicationId}/saml-sp`, {
    token: admin,
    body: {
      entityId: SP_ENTITY,
      acsUrl: ACS,
      sloUrl: SLO,
      signingCertificate: spSigning.certificate,
      encryptionCertificate: spEncryption.certificate,
      requiresSignedRequests: true,
      nameIdFormat: 'emailAddress',
      releasedAttributes: ['mail', 'givenName', 'sn', 'displayName', 'eduPersonPrincipalName', 'eduPersonAffiliation', 'roles', 'modules'],
      ...change,
    },
  });

async function patron(email: string, withRole = true) {
  const id = await insertAccount(
    api.database.db,
    { email, password: TEST_PASSWORD, firstName: 'Andres', middleName: 'de Castro', lastName: 'Bonifacio', adminScopes: [] },
    api.config.argon2,
  );
  if (withRole) await api.call('PUT', `/core/v1.0/users/${id}`, { token: admin, body: { roleIds: [roleId] } });
  return id;
}

const registered = await register();
const metadata = await (await fetch(`${issuer}/saml/metadata`)).text();
const idpCert = /<(?:ds:)?X509Certificate>([^<]+)</.exec(metadata)![1]!;

/** The library as a real service provider would be configured from the identity provider's metadata. */
const serviceProvider = (options: Partial<ConstructorParameters<typeof SAML>[0]> = {}) =>
  new SAML({
    issuer: SP_ENTITY,
    callbackUrl: ACS,
    entryPoint: `${issuer}/saml/sso`,
    logoutUrl: `${issuer}/saml/slo`,
    idpCert,
    audience: SP_ENTITY,
    privateKey: spSigning.privateKey,
    decryptionPvk: spEncryption.privateKey,
    signatureAlgorithm: 'sha256',
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: true,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    acceptedClockSkewMs: 0,
    ...options,
  });
const library = serviceProvider();
/** The same provider sending its requests by HTTP-POST (signed inside the XML, not deflated, as the binding says). */
const libraryByPost = serviceProvider({ authnRequestBinding: 'HTTP-POST', skipRequestCompression: true });

/** The console's part: the user signs in and finishes the pending request; answers where the browser goes next. */
async function answer(uid: string, email: string) {
  const token = await api.signIn(email);
  const described = await api.call('GET', `/core/v1.0/sso/sign-in-requests/${uid}`);
  const finished = await api.call('POST', `/core/v1.0/sso/sign-in-requests/${uid}`, { token });
  return { described, finished, token };
}

/** Follows the identity provider's redirect to the console and reads the pending request's id from it. */
function pendingId(response: Response) {
  expect(response.status).toBe(303);
  const location = new URL(response.headers.get('location')!);
  expect(location.origin).toBe(CONSOLE);
  return location.searchParams.get('interaction')!;
}

/** The auto-posting page's form: where it posts and what. */
async function postedForm(response: Response) {
  const html = await response.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
  const field = (name: string) => /name="([^"]+)" value="([^"]*)"/g.exec(html.slice(html.indexOf(`name="${name}"`)))?.[2];
  return { html, action, SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') };
}

async function signInThrough(sp: SAML, email: string, relayState = 'shelf-42', browser = new CookieBrowser()) {
  const url = await sp.getAuthorizeUrlAsync(relayState, undefined, {});
  const uid = pendingId(await browser.get(url));
  const { described, finished } = await answer(uid, email);
  return { browser, uid, described, finished };
}

describe('SAML identity provider', () => {
  it('registers the service provider and publishes metadata at a stable address', async () => {
    expect(registered.status).toBe(200);
    expect(registered.body.data).toMatchObject({ entityId: SP_ENTITY, idpMetadataUrl: `${issuer}/saml/metadata`, idpEntityId: `${issuer}/saml/metadata` });
    expect(metadata).toContain(`entityID="${issuer}/saml/metadata"`);
    expect(metadata).toContain(`Location="${issuer}/saml/sso"`);
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect');
    expect(metadata).toContain('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST');
    const again = await (await fetch(`${issuer}/saml/metadata`)).text();
    expect(again).toBe(metadata);
  });

  it('signs a user in by SP-initiated Redirect binding: a signed, encrypted assertion with roles, modules and eduPerson attributes', async () => {
    await patron('andres@example.edu');
    const { browser, described, finished } = await signInThrough(library, 'andres@example.edu');
    expect(described.body.data).toMatchObject({ applicationName: 'University Library', prompt: 'login' });
    expect(finished.status).toBe(200);
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    expect(form.action).toBe(ACS);
    expect(form.RelayState).toBe('shelf-42');
    const xml = Buffer.from(form.SAMLResponse!, 'base64').toString();
    expect(xml).toContain('EncryptedAssertion');
    expect(xml).not.toContain('andres@example.edu');
    const { profile } = await library.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    expect(profile?.nameID).toBe('andres@example.edu');
    expect(profile?.['urn:oid:1.3.6.1.4.1.5923.1.1.1.6']).toBe('andres@example.edu');
    expect(profile?.['urn:oid:1.3.6.1.4.1.5923.1.1.1.1']).toBe('affiliate');
    expect(profile?.['urn:oid:2.16.840.1.113730.3.1.241']).toBe('Andres de Castro Bonifacio');
    expect(profile?.['urn:campus:attribute:roles']).toBe('Library Patron');
    expect(profile?.['urn:campus:attribute:modules']).toBe('LIBRARY-LOANS');
    // The answer is delivered once.
    expect((await browser.get(finished.body.data.redirectTo)).status).toBe(404);
  });

  it('takes the HTTP-POST binding too', async () => {
    await patron('gregoria@example.edu');
    const html = await libraryByPost.getAuthorizeFormAsync('post-binding');
    const request = /name="SAMLRequest" value="([^"]+)"/.exec(html)![1]!;
    const browser = new CookieBrowser();
    const response = await browser.get(`${issuer}/saml/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ SAMLRequest: request, RelayState: 'post-binding' }).toString(),
    });
    const uid = pendingId(response);
    const { finished } = await answer(uid, 'gregoria@example.edu');
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    const { profile } = await libraryByPost.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    expect(profile?.nameID).toBe('gregoria@example.edu');
  });

  it('starts a sign-in at the identity provider (IdP-initiated) with a persistent, pairwise NameID', async () => {
    await register({ nameIdFormat: 'persistent' });
    const id = await patron('melchora@example.edu');
    const browser = new CookieBrowser();
    const uid = pendingId(await browser.get(`${issuer}/saml/start?sp=${encodeURIComponent(SP_ENTITY)}`));
    const { finished } = await answer(uid, 'melchora@example.edu');
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    const persistent = serviceProvider({ identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' });
    const { profile } = await persistent.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    expect(profile?.nameID).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(profile?.nameID).not.toContain(id);
    expect(profile?.inResponseTo).toBeUndefined();
    await register();
  });

  it('answers No Access to a user without a role in the application', async () => {
    await patron('no-role@example.edu', false);
    const { finished } = await signInThrough(library, 'no-role@example.edu');
    expect(finished.status).toBe(403);
    expect(finished.body.message).toBe(NO_ACCESS);
  });

  it('ends the console session on single logout from the service provider, and answers with a LogoutResponse', async () => {
    await patron('apolinario@example.edu');
    const { browser, finished } = await signInThrough(library, 'apolinario@example.edu');
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    const { profile } = await library.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    const [linked] = await rows<{ revoked: boolean }>(
      api.database.db,
      sql`select s.revoked_at is not null as revoked from saml_sessions x join sessions s on s.id = x.console_session_id where x.name_id = 'apolinario@example.edu'`,
    );
    expect(linked?.revoked).toBe(false);
    const logout = await library.getLogoutUrlAsync(profile!, 'bye', {});
    const response = await browser.get(logout);
    expect(response.status).toBe(303);
    const back = new URL(response.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(SLO);
    const query = Object.fromEntries(back.searchParams);
    const validated = await library.validateRedirectAsync(query, back.search.slice(1));
    expect(validated.loggedOut).toBe(true);
    const ended = await rows<{ revoked: boolean }>(
      api.database.db,
      sql`select revoked_at is not null as revoked from sessions where user_id = (select id from users where email = 'apolinario@example.edu')`,
    );
    expect(ended.every((s) => s.revoked)).toBe(true);
  });
});

describe('SAML single logout to every service provider', () => {
  // A second application with its own service provider: the learning platform, signed in to from the same console
  // session as the library.
  const LEARNING_ENTITY = 'https://learning.example.edu/sp';
  const LEARNING_ACS = 'http://localhost:8600/saml/acs';
  const LEARNING_SLO = 'http://localhost:8600/saml/slo';

  async function learningPlatform() {
    const {
      applicationId: id,
      roleIds: [learnerRole],
    } = await registerApplication(api, admin, {
      code: 'LEARNING',
      name: 'Learning Platform',
      description: 'Courses and assignments.',
      url: 'https://learning.example.edu',
      module: { code: 'LEARNING-COURSES', name: 'Courses' },
      roles: ['Learner'],
    });
    const signing = await selfSignedKey('learning sp signing', new Date());
    const saved = await api.call('PUT', `/core/v1.0/applications/${id}/saml-sp`, {
      token: admin,
      body: {
        entityId: LEARNING_ENTITY,
        acsUrl: LEARNING_ACS,
        sloUrl: LEARNING_SLO,
        signingCertificate: signing.certificate,
        encryptionCertificate: null,
        requiresSignedRequests: true,
        nameIdFormat: 'persistent',
        releasedAttributes: ['mail'],
      },
    });
    expect(saved.status).toBe(200);
    const sp = new SAML({
      issuer: LEARNING_ENTITY,
      callbackUrl: LEARNING_ACS,
      entryPoint: `${issuer}/saml/sso`,
      logoutUrl: `${issuer}/saml/slo`,
      idpCert,
      idpIssuer: `${issuer}/saml/metadata`,
      audience: LEARNING_ENTITY,
      privateKey: signing.privateKey,
      signatureAlgorithm: 'sha256',
      identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      acceptedClockSkewMs: 0,
    });
    return { learnerRole, sp };
  }
  let learning: Awaited<ReturnType<typeof learningPlatform>>;
  beforeAll(async () => {
    learning = await learningPlatform();
  });

  /** A user with a role in both applications. */
  async function member(email: string) {
    const id = await insertAccount(
      api.database.db,
      { email, password: TEST_PASSWORD, firstName: 'Josefa', lastName: 'Llanes', adminScopes: [] },
      api.config.argon2,
    );
    await api.call('PUT', `/core/v1.0/users/${id}`, { token: admin, body: { roleIds: [roleId, learning.learnerRole] } });
    return id;
  }

  /** One browser, one console session (`token`), signed in to `sp` through it; the provider's profile. */
  async function signInWith(sp: SAML, browser: CookieBrowser, token: string) {
    const uid = pendingId(await browser.get(await sp.getAuthorizeUrlAsync('', undefined, {})));
    const finished = await api.call('POST', `/core/v1.0/sso/sign-in-requests/${uid}`, { token });
    expect(finished.status).toBe(200);
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! });
    return profile!;
  }

  /** Where a redirect sends the browser, split into the address and its query as a service provider reads them. */
  function redirected(response: Response) {
    expect(response.status).toBe(303);
    const to = new URL(response.headers.get('location')!);
    return { address: `${to.origin}${to.pathname}`, query: Object.fromEntries(to.searchParams), raw: to.search.slice(1), href: to.href };
  }

  /**
   * Follows a single logout from `continueTo` through every provider in `providers` (by its logout address): each must
   * get a signed LogoutRequest for its own NameID and SessionIndex, and answers it. Gives the providers told, the
   * requests they received and where the browser ended.
   */
  async function walkLogout(browser: CookieBrowser, continueTo: string, providers: ReadonlyMap<string, { sp: SAML; session: { nameID: string; sessionIndex?: string | undefined } }>) {
    const told: string[] = [];
    const received: Awaited<ReturnType<SAML['validateRedirectAsync']>>[] = [];
    let step = redirected(await browser.get(continueTo));
    for (let i = 0; i < providers.size; i++) {
      const provider = providers.get(step.address);
      expect(provider).toBeDefined();
      expect(step.query.Signature).toEqual(expect.any(String));
      const request = await provider!.sp.validateRedirectAsync(step.query, step.raw);
      received.push(request);
      expect(request.profile?.nameID).toBe(provider!.session.nameID);
      expect(request.profile?.sessionIndex).toBe(provider!.session.sessionIndex);
      told.push(step.address);
      step = redirected(await browser.get(await provider!.sp.getLogoutResponseUrlAsync(request.profile!, step.query.RelayState!, {}, true)));
    }
    return { told, received, end: step };
  }

  const consoleSessionRevoked = async (email: string) =>
    (
      await rows<{ revoked: boolean }>(
        api.database.db,
        sql`select bool_and(revoked_at is not null) as revoked from sessions where user_id = (select id from users where email = ${email})`,
      )
    )[0]?.revoked;

  it('a LogoutRequest from one provider sends a signed LogoutRequest for the right NameID and SessionIndex to the other, then answers the first', async () => {
    await member('josefa@example.edu');
    const token = await api.signIn('josefa@example.edu');
    const browser = new CookieBrowser();
    const atLibrary = await signInWith(library, browser, token);
    const atLearning = await signInWith(learning.sp, browser, token);
    expect(atLearning.nameID).not.toBe(atLibrary.nameID);

    // The library logs out: the browser is sent to the learning platform first, with a signed LogoutRequest.
    const toLearning = redirected(await browser.get(await library.getLogoutUrlAsync(atLibrary, 'library-bye', {})));
    expect(toLearning.address).toBe(LEARNING_SLO);
    expect(toLearning.query.Signature).toEqual(expect.any(String));
    expect(toLearning.query.SigAlg).toBe('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    // node-saml checks the query signature against the identity provider's certificate, the issuer and the times.
    const received = await learning.sp.validateRedirectAsync(toLearning.query, toLearning.raw);
    expect(received.loggedOut).toBe(true);
    expect(received.profile?.nameID).toBe(atLearning.nameID);
    expect(received.profile?.nameIDFormat).toBe('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent');
    expect(received.profile?.sessionIndex).toBe(atLearning.sessionIndex);
    // A tampered query is refused by the provider: the signature covers it.
    const tampered = toLearning.raw.replace(/RelayState=[^&]+/, 'RelayState=elsewhere');
    await expect(learning.sp.validateRedirectAsync({ ...toLearning.query, RelayState: 'elsewhere' }, tampered)).rejects.toThrow(/signature/i);

    // The learning platform answers; the browser goes back to the library with its LogoutResponse.
    const answer = await learning.sp.getLogoutResponseUrlAsync(received.profile!, toLearning.query.RelayState!, {}, true);
    const toLibrary = redirected(await browser.get(answer));
    expect(toLibrary.address).toBe(SLO);
    expect(toLibrary.query.RelayState).toBe('library-bye');
    expect(toLibrary.query.Signature).toEqual(expect.any(String));
    expect((await library.validateRedirectAsync(toLibrary.query, toLibrary.raw)).loggedOut).toBe(true);

    expect(await consoleSessionRevoked('josefa@example.edu')).toBe(true);
    const left = await rows<{ n: number }>(
      api.database.db,
      sql`select (select count(*) from saml_sessions where user_id = (select id from users where email = 'josefa@example.edu'))::int
               + (select count(*) from saml_logouts where user_id = (select id from users where email = 'josefa@example.edu'))::int as n`,
    );
    expect(left[0]?.n).toBe(0);
    // The same answer again matches no logout in progress.
    const again = await browser.get(answer);
    expect(again.status).toBe(400);
    const text = await again.text();
    expect(text).toContain('already finished');
    // The identity provider's pages carry the product banner, as every public page does.
    expect(text).toContain('<header class="cas-site-banner"><span class="cas-site-banner__mark" aria-hidden="true"></span><span class="cas-site-banner__title">Campus Administration System</span></header>');
  });

  it('signing out of the console takes the browser through every provider of that session, then back to the console', async () => {
    const userId = await member('macario@example.edu');
    const token = await api.signIn('macario@example.edu');
    const browser = new CookieBrowser();
    const atLibrary = await signInWith(library, browser, token);
    const atLearning = await signInWith(learning.sp, browser, token);
    // Another console session of the same user (another browser) keeps its own sign-in at the library.
    const elsewhere = await api.signIn('macario@example.edu');
    const atLibraryElsewhere = await signInWith(library, new CookieBrowser(), elsewhere);

    const signedOut = await api.call('POST', `/core/v1.0/auth/logout/${userId}`, { token });
    expect(signedOut.status).toBe(200);
    const continueTo: string = signedOut.body.data.continueTo;
    expect(continueTo).toMatch(new RegExp(`^${issuer}/saml/logout/slo_[A-Za-z0-9_-]+$`));

    // Each provider in turn gets a signed LogoutRequest for its own session and answers it.
    const providers = new Map([
      [SLO, { sp: library, session: atLibrary }],
      [LEARNING_SLO, { sp: learning.sp, session: atLearning }],
    ]);
    const { told, end: step } = await walkLogout(browser, continueTo, providers);
    expect(told.sort()).toEqual([SLO, LEARNING_SLO].sort());
    // Then back to the console's root path.
    expect(step.href).toBe(`${CONSOLE}/`);

    // The other console session and its sign-in at the library are untouched.
    const kept = await rows<{ session_index: string }>(
      api.database.db,
      sql`select session_index from saml_sessions where user_id = ${userId}`,
    );
    expect(kept.map((k) => k.session_index)).toEqual([atLibraryElsewhere.sessionIndex]);
    // The link to continue signing out is used once.
    const reused = await browser.get(continueTo);
    expect(reused.status).toBe(404);
  });

  it('signing out everywhere takes the browser that asked through the providers of every session of the user, then back to the console', async () => {
    const userId = await member('remedios@example.edu');
    // Two console sessions (two browsers): one signed in to the library, the other to the learning platform.
    const here = await api.signIn('remedios@example.edu');
    const atLibrary = await signInWith(library, new CookieBrowser(), here);
    const elsewhere = await api.signIn('remedios@example.edu');
    const atLearning = await signInWith(learning.sp, new CookieBrowser(), elsewhere);
    // Another user's sign-in at the library is not touched.
    await member('anselmo@example.edu');
    const bystander = await api.signIn('anselmo@example.edu');
    const atLibraryBystander = await signInWith(library, new CookieBrowser(), bystander);

    const signedOut = await api.call('POST', `/core/v1.0/auth/logout/${userId}/all`, { token: here });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.data.sessionsEnded).toBe(2);
    const continueTo: string = signedOut.body.data.continueTo;
    expect(continueTo).toMatch(new RegExp(`^${issuer}/saml/logout/slo_[A-Za-z0-9_-]+$`));

    // The browser that asked goes through both providers, each told of its own session with a signed LogoutRequest.
    const browser = new CookieBrowser();
    const providers = new Map([
      [SLO, { sp: library, session: atLibrary }],
      [LEARNING_SLO, { sp: learning.sp, session: atLearning }],
    ]);
    const { told, received, end: step } = await walkLogout(browser, continueTo, providers);
    for (const request of received) expect(request.loggedOut).toBe(true);
    expect(told.sort()).toEqual([SLO, LEARNING_SLO].sort());
    expect(step.href).toBe(`${CONSOLE}/`);

    expect(await consoleSessionRevoked('remedios@example.edu')).toBe(true);
    const left = await rows<{ user_id: string; session_index: string }>(
      api.database.db,
      sql`select user_id, session_index from saml_sessions where user_id in (${userId}, (select id from users where email = 'anselmo@example.edu'))`,
    );
    expect(left.map((l) => l.session_index)).toEqual([atLibraryBystander.sessionIndex]);
    expect(await consoleSessionRevoked('anselmo@example.edu')).toBe(false);
  });

  it('signing out everywhere with no provider to tell answers no address to continue to', async () => {
    const userId = await member('evaristo@example.edu');
    const token = await api.signIn('evaristo@example.edu');
    await api.signIn('evaristo@example.edu');
    const signedOut = await api.call('POST', `/core/v1.0/auth/logout/${userId}/all`, { token });
    expect(signedOut.status).toBe(200);
    expect(signedOut.body.data).toEqual({ message: 'Signed out everywhere.', sessionsEnded: 2 });
  });

  it('a provider that refuses the LogoutRequest leaves the logout partial, and the others are still told', async () => {
    await member('teresa@example.edu');
    const token = await api.signIn('teresa@example.edu');
    const browser = new CookieBrowser();
    const atLibrary = await signInWith(library, browser, token);
    await signInWith(learning.sp, browser, token);
    const toLearning = redirected(await browser.get(await library.getLogoutUrlAsync(atLibrary, '', {})));
    const received = await learning.sp.validateRedirectAsync(toLearning.query, toLearning.raw);
    const refused = await learning.sp.getLogoutResponseUrlAsync(received.profile!, toLearning.query.RelayState!, {}, false);
    const toLibrary = redirected(await browser.get(refused));
    expect(toLibrary.address).toBe(SLO);
    const xml = inflateRawSync(Buffer.from(toLibrary.query.SAMLResponse!, 'base64')).toString();
    expect(xml).toContain('urn:oasis:names:tc:SAML:2.0:status:PartialLogout');
    expect((await library.validateRedirectAsync(toLibrary.query, toLibrary.raw)).loggedOut).toBe(true);
  });

  it('an unsigned LogoutRequest naming only the NameID ends nobody’s session', async () => {
    await register({ requiresSignedRequests: false });
    await member('leona@example.edu');
    const token = await api.signIn('leona@example.edu');
    const atLibrary = await signInWith(library, new CookieBrowser(), token);
    const forged = `<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_forged${Date.now()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${issuer}/saml/slo"><saml:Issuer>${SP_ENTITY}</saml:Issuer><saml:NameID>${atLibrary.nameID}</saml:NameID></samlp:LogoutRequest>`;
    const response = await new CookieBrowser().get(`${issuer}/saml/slo?SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(forged)).toString('base64'))}`);
    expect(response.status).toBe(303);
    expect(await consoleSessionRevoked('leona@example.edu')).toBe(false);
    await register();
  });
});

describe('SAML attacks', () => {
  const authnRequest = (fields: { id?: string; acs?: string; issuer?: string; instant?: Date; extra?: string; before?: string } = {}) =>
    `${fields.before ?? ''}<samlp:AuthnRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${fields.id ?? `_${Math.random().toString(16).slice(2)}`}" Version="2.0" IssueInstant="${(fields.instant ?? new Date()).toISOString()}" Destination="${issuer}/saml/sso" AssertionConsumerServiceURL="${fields.acs ?? ACS}" ProtocolBinding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"><saml:Issuer>${fields.issuer ?? SP_ENTITY}</saml:Issuer>${fields.extra ?? ''}</samlp:AuthnRequest>`;
  const redirectWith = (xml: string) => `${issuer}/saml/sso?SAMLRequest=${encodeURIComponent(deflateRawSync(Buffer.from(xml)).toString('base64'))}`;

  it('refuses a request naming another ACS URL, and posts nothing', async () => {
    const evil = serviceProvider({ callbackUrl: 'http://localhost:8500/steal' });
    const response = await new CookieBrowser().get(await evil.getAuthorizeUrlAsync('', undefined, {}));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('has not registered');
    expect(html).not.toContain('<form');
  });

  it('refuses an unsigned request when the provider must sign', async () => {
    const unsigned = serviceProvider({ privateKey: undefined as never });
    const response = await new CookieBrowser().get(await unsigned.getAuthorizeUrlAsync('', undefined, {}));
    expect(response.status).toBe(403);
    const forged = await new CookieBrowser().get(redirectWith(authnRequest()));
    expect(forged.status).toBe(403);
  });

  it('refuses a replayed request id', async () => {
    const url = await library.getAuthorizeUrlAsync('', undefined, {});
    expect((await new CookieBrowser().get(url)).status).toBe(303);
    const again = await new CookieBrowser().get(url);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('already used');
  });

  it('refuses a request issued too long ago', async () => {
    await register({ requiresSignedRequests: false });
    const old = await new CookieBrowser().get(redirectWith(authnRequest({ instant: new Date(Date.now() - 10 * 60_000) })));
    expect(old.status).toBe(400);
    expect(await old.text()).toContain('expired');
    await register();
  });

  it('hands the service provider an expired assertion it rejects', async () => {
    await patron('late@example.edu');
    const { browser, finished } = await signInThrough(library, 'late@example.edu');
    // The identity provider's clock runs ten minutes behind: its assertion's NotOnOrAfter has passed.
    api.clock.current = new Date(Date.now() - 10 * 60_000);
    const form = await postedForm(await browser.get(finished.body.data.redirectTo));
    api.clock.current = new Date();
    await expect(library.validatePostResponseAsync({ SAMLResponse: form.SAMLResponse! })).rejects.toThrow(/subject confirmation|expired|NotOnOrAfter/i);
  });

  it('refuses XML signature wrapping: a signed request moved under a forged root', async () => {
    const html = await libraryByPost.getAuthorizeFormAsync('');
    const signed = Buffer.from(/name="SAMLRequest" value="([^"]+)"/.exec(html)![1]!, 'base64').toString();
    const inner = signed.replace(/^<\?xml[^>]*>/, '');
    const wrapped = authnRequest({ acs: 'http://localhost:8500/steal', extra: `<samlp:Extensions>${inner}</samlp:Extensions>` });
    const moved = authnRequest({ acs: 'http://localhost:8500/steal', id: /ID="([^"]+)"/.exec(inner)![1]!, extra: /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(inner)?.[0] ?? '' });
    for (const xml of [wrapped, moved]) {
      const response = await new CookieBrowser().get(`${issuer}/saml/sso`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ SAMLRequest: Buffer.from(xml).toString('base64') }).toString(),
      });
      expect([400, 403]).toContain(response.status);
      expect(await response.text()).not.toContain('<form');
    }
  });

  it('refuses a request with a DTD (XXE and entity expansion) without expanding anything', async () => {
    const xxe = authnRequest({ before: '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY x SYSTEM "file:///etc/passwd">]>', issuer: '&x;' });
    const bomb = authnRequest({ before: '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>', issuer: '&b;' });
    for (const xml of [xxe, bomb]) {
      const response = await new CookieBrowser().get(redirectWith(xml));
      expect(response.status).toBe(400);
      const text = await response.text();
      expect(text).toContain('Document type declarations are not accepted');
      expect(text).not.toContain('root:');
    }
  });

  it('refuses an oversized request, encoded or once inflated', async () => {
    const big = authnRequest({ extra: `<samlp:Extensions>${'<x/>'.repeat(20_000)}</samlp:Extensions>` });
    const inflated = await new CookieBrowser().get(redirectWith(big));
    expect(inflated.status).toBe(413);
    const posted = await new CookieBrowser().get(`${issuer}/saml/sso`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `SAMLRequest=${'A'.repeat(100_000)}`,
    });
    expect(posted.status).toBe(413);
  });

  it('rate-limits the sign-in endpoint per address, as sign-in is', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < api.config.authRateLimit.max + 2; i++) statuses.push((await fetch(`${issuer}/saml/sso`)).status);
    expect(statuses).toContain(429);
  }, 120_000);
});
