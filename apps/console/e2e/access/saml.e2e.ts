import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAML, ValidateInResponseTo, type Profile, type SamlConfig } from '@node-saml/node-saml';
import * as x509 from '@peculiar/x509';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, harness, newContext, seriousA11yViolations, settled, shootBothWidths, signIn, url } from '../support';

// SAML 2.0 single sign-on in Chromium (decisions 0063, 0073): real service providers (node-saml, independent of the
// identity provider's samlify) on local HTTP servers send a user through the console's sign-in and check the
// assertion they get back; a sign-in started at the identity provider; No Access; the refusals a browser can meet;
// and single logout across two service providers, started by one of them and by the console.

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256', publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 };
async function keyAndCertificate(name: string) {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: `CN=${name}`,
    notBefore: new Date(Date.now() - 60_000),
    notAfter: new Date(Date.now() + 86_400_000),
    signingAlgorithm: ALGORITHM,
    keys,
  });
  const der = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { privateKey: `-----BEGIN PRIVATE KEY-----\n${der}\n-----END PRIVATE KEY-----`, certificate: certificate.toString('pem') };
}


const contexts: BrowserContext[] = [];
async function context(javaScriptEnabled = true): Promise<BrowserContext> {
  const created = await newContext({ javaScriptEnabled });
  contexts.push(created);
  return created;
}

/**
 * node-saml checking an assertion as it would `lateByMs` later: the answer reached the service provider after the
 * assertion's NotOnOrAfter (the browser held it, or the network did).
 */
class ServiceProviderSaml extends SAML {
  lateByMs = 0;
  protected override checkTimestampsValidityError(nowMs: number, notBefore: string, notOnOrAfter: string, maxTimeLimitMs?: number) {
    return super.checkTimestampsValidityError(nowMs + this.lateByMs, notBefore, notOnOrAfter, maxTimeLimitMs);
  }
}

/** A LogoutRequest the service provider received from the identity provider. */
interface ReceivedLogout {
  readonly profile: Profile;
  readonly signed: boolean;
  readonly endedSession: boolean;
}

/**
 * A service provider on a local HTTP server: `/login` starts a sign-in, `/acs` checks the assertion, `/logout` starts
 * single logout, `/slo` takes the identity provider's LogoutRequest (it must be signed; the session it names ends)
 * or LogoutResponse.
 */
class ServiceProvider {
  saml: ServiceProviderSaml | undefined;
  readonly profiles: Profile[] = [];
  readonly logoutRequests: ReceivedLogout[] = [];
  /** The sessions open here: SessionIndex → NameID. */
  readonly sessions = new Map<string, string>();
  private readonly server: Server;
  url = '';

  constructor(readonly title: string) {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  get entityId() {
    return `${this.url}/metadata`;
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop() {
    return new Promise((resolve) => this.server.close(resolve));
  }

  /** Configured from the identity provider's metadata, as a real one is. */
  configure(metadata: string, keys: { signing: { privateKey: string }; encryption?: { privateKey: string } }, options: Partial<SamlConfig> = {}) {
    this.saml = new ServiceProviderSaml(this.settings(metadata, keys, options));
  }

  settings(metadata: string, keys: { signing?: { privateKey: string }; encryption?: { privateKey: string } }, options: Partial<SamlConfig> = {}): SamlConfig {
    const location = (service: string) =>
      new RegExp(`${service} Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="([^"]+)"`).exec(metadata)![1]!;
    return {
      issuer: this.entityId,
      callbackUrl: `${this.url}/acs`,
      entryPoint: location('SingleSignOnService'),
      logoutUrl: location('SingleLogoutService'),
      idpCert: /<(?:ds:)?X509Certificate>([^<]+)</.exec(metadata)![1]!,
      idpIssuer: /entityID="([^"]+)"/.exec(metadata)![1]!,
      audience: this.entityId,
      ...(keys.signing ? { privateKey: keys.signing.privateKey } : {}),
      ...(keys.encryption ? { decryptionPvk: keys.encryption.privateKey } : {}),
      signatureAlgorithm: 'sha256',
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
      ...options,
    };
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const at = new URL(request.url ?? '/', `http://${request.headers.host}`);
    const page = (heading: string, body: string, status = 200) =>
      response
        .writeHead(status, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!DOCTYPE html><html lang="en"><title>${heading}</title><h1>${heading}</h1>${body}</html>`);
    const sp = this.saml!;
    try {
      if (at.pathname === '/login') {
        response.writeHead(302, { location: await sp.getAuthorizeUrlAsync(at.searchParams.get('relay') ?? '/shelf', undefined, {}) }).end();
      } else if (at.pathname === '/acs' && request.method === 'POST') {
        const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
        const { profile } = await sp.validatePostResponseAsync(form);
        this.profiles.push(profile!);
        if (profile?.sessionIndex) this.sessions.set(profile.sessionIndex, profile.nameID);
        page(`${this.title} signed in`, `<p id="who">${profile!.nameID}</p><p id="relay">${form.RelayState ?? ''}</p>`);
      } else if (at.pathname === '/logout') {
        response.writeHead(302, { location: await sp.getLogoutUrlAsync(this.profiles.at(-1)!, '/bye', {}) }).end();
      } else if (at.pathname === '/slo' && at.searchParams.has('SAMLRequest')) {
        // The identity provider's LogoutRequest: only a signed one is taken (node-saml checks the signature it carries).
        const signed = at.searchParams.has('Signature');
        if (!signed) return page('Refused', '<p id="reason">The logout request was not signed.</p>', 400);
        const { profile } = await sp.validateRedirectAsync(Object.fromEntries(at.searchParams), at.search.slice(1));
        const endedSession = Boolean(profile?.sessionIndex && this.sessions.get(profile.sessionIndex) === profile.nameID);
        if (endedSession) this.sessions.delete(profile!.sessionIndex!);
        this.logoutRequests.push({ profile: profile!, signed, endedSession });
        response
          .writeHead(302, { location: await sp.getLogoutResponseUrlAsync(profile!, at.searchParams.get('RelayState') ?? '', {}, endedSession) })
          .end();
      } else if (at.pathname === '/slo') {
        const { loggedOut } = await sp.validateRedirectAsync(Object.fromEntries(at.searchParams), at.search.slice(1));
        page(loggedOut ? `${this.title} signed out` : 'Not signed out', '');
      } else page('Not found', '', 404);
    } catch (error) {
      page('Refused', `<p id="reason">${String((error as Error).message)}</p>`, 400);
    }
  }
}

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

const library = await new ServiceProvider('Library').start();
const learning = await new ServiceProvider('Learning Platform').start();
const signing = await keyAndCertificate('e2e library signing');
const encryption = await keyAndCertificate('e2e library encryption');
const learningSigning = await keyAndCertificate('e2e learning platform signing');

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await Promise.all([library.stop(), learning.stop()]);
});

/** The role the first application's users hold (a user of both applications holds it too). */
let libraryRoleId = '';

const tokenOf = (answer: { body: unknown }) => (answer.body as { data: { token: string } }).data.token;
const idOf = (answer: { body: unknown }) => (answer.body as { data: { _id: string } }).data._id;

/** Signs in on the console's sign-in page (hydrated first, when it runs scripts) and waits for `arrived`. */
async function signInThere(page: Page, user: { email: string; password: string }, arrived: (u: URL) => boolean, javaScript = true) {
  expect(new URL(page.url()).pathname).toBe('/auth');
  if (javaScript) await settled(page);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password\*?$/).fill(user.password);
  await Promise.all([page.waitForURL(arrived), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
}

const shoot = (page: Page, name: string) => shootBothWidths(page, 'saml', name);

describe('SAML single sign-on for a registered application', () => {
  const patron = { email: 'saml.patron@example.edu', password: 'Aklatan-Pasok-2026-Bago' };
  let metadata = '';

  it('registers the service provider on the Applications screen and signs a user in with a verified assertion', async () => {
    const admin = apiClient(tokenOf(await apiClient().signIn({ body: DEMO_USERS.admin })));
    const app = await admin.resource('applications').create({
      code: 'SAMLLIB',
      name: 'Federated Library',
      description: 'The library catalogue, signed in with SAML.',
      applicationURL: library.url,
    });
    const applicationId = idOf(app);
    const role = await admin.resource('roles').create({ name: 'Federated Library Patron', applicationCode: 'SAMLLIB', moduleIds: [] });
    const user = await admin.resource('users').create({
      email: patron.email,
      temporaryPassword: 'Tala-Aklatan-Unang-2026',
      firstName: 'Teodora',
      lastName: 'Alonso',
      adminScopes: [],
    });
    libraryRoleId = idOf(role);
    await admin.resource('users').update(idOf(user), { roleIds: [libraryRoleId] });
    const first = await apiClient().signIn({ body: { email: patron.email, password: 'Tala-Aklatan-Unang-2026' } });
    await apiClient(tokenOf(first)).changePassword({ body: { currentPassword: 'Tala-Aklatan-Unang-2026', newPassword: patron.password } });

    // The administrator fills the SAML section of the application's edit screen.
    const page = await (await context()).newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url(`/app/access-management/applications/${applicationId}/edit`));
    await settled(page);
    const panel = page.getByRole('region', { name: 'Single sign-on (SAML 2.0)' });
    await expect.poll(() => panel.getByText('This application has no SAML service provider yet.').count()).toBe(1);
    await panel.getByLabel(/^Service provider entity ID/).fill(library.entityId);
    await panel.getByLabel(/^Assertion Consumer Service/).fill(`${library.url}/acs`);
    await panel.getByLabel(/^Single logout URL/).fill(`${library.url}/slo`);
    await panel.getByLabel(/^Signing certificate/).fill(signing.certificate);
    await panel.getByLabel(/^Encryption certificate/).fill(encryption.certificate);
    // React Aria checkboxes: the input is visually hidden, so the label is what a person clicks.
    await panel.getByText(/^Refuse unsigned/).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: /Refuse unsigned/ }).isChecked()).toBe(true);
    await panel.getByText(/^Modules of those roles/).click();
    await expect.poll(() => panel.getByRole('checkbox', { name: /Modules of those roles/ }).isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Save SAML settings' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('SAML settings saved.');
    await expect.poll(() => panel.textContent()).toContain(`${harness().apiUrl}/saml/metadata`);
    expect(await panel.textContent()).toContain(`${harness().apiUrl}/saml/start?sp=${encodeURIComponent(library.entityId)}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'applications-saml-section');

    // The service provider is configured from the identity provider's metadata address, as a real one is.
    metadata = await (await fetch(`${harness().apiUrl}/saml/metadata`)).text();
    library.configure(metadata, { signing, encryption });

    const visitor = await (await context()).newPage();
    await visitor.goto(`${library.url}/login`);
    expect(await visitor.textContent('body')).toContain('Federated Library');
    await signInThere(visitor, patron, (u) => u.href === `${library.url}/acs`);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Library signed in');
    expect(await visitor.locator('#who').textContent()).toBe(patron.email);
    expect(await visitor.locator('#relay').textContent()).toBe('/shelf');
    const profile = library.profiles.at(-1)!;
    expect(profile.inResponseTo).toEqual(expect.any(String));
    expect(profile['urn:oid:1.3.6.1.4.1.5923.1.1.1.6']).toBe(patron.email);
    expect(profile['urn:oid:1.3.6.1.4.1.5923.1.1.1.1']).toBe('affiliate');
    expect(profile['urn:oid:2.5.4.42']).toBe('Teodora');
    expect(profile['urn:campus:attribute:roles']).toBe('Federated Library Patron');
    // The role grants no module: none is released, though the attribute is chosen.
    expect(profile['urn:campus:attribute:modules']).toBeUndefined();
    // The assertion travelled encrypted: node-saml decrypted it with the library's key.
    expect(profile.getSamlResponseXml?.()).toContain('EncryptedAssertion');

    // Signed in already: a sign-in started at the identity provider goes straight back with a new assertion.
    const before = library.profiles.length;
    await visitor.goto(`${harness().apiUrl}/saml/start?sp=${encodeURIComponent(library.entityId)}`);
    await visitor.waitForURL((u) => u.href === `${library.url}/acs`);
    expect(library.profiles.length).toBe(before + 1);
    expect(library.profiles.at(-1)!.inResponseTo).toBeUndefined();
    expect(library.profiles.at(-1)!.nameID).toBe(patron.email);

    // Single logout from the library ends the console session too.
    await visitor.goto(`${library.url}/logout`);
    await visitor.waitForURL((u) => u.href.startsWith(`${library.url}/slo`));
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Library signed out');
    await visitor.goto(url('/app'));
    expect(new URL(visitor.url()).pathname).toBe('/auth');
  });

  it('shows No Access to a user who holds no role in the application, naming it, with another account to use', async () => {
    for (const javaScript of [false, true]) {
      const visitor = await (await context(javaScript)).newPage();
      await visitor.goto(`${library.url}/login`);
      await signInThere(visitor, DEMO_USERS.registrar, (u) => u.pathname === '/unauthorized', javaScript);
      // The address may change a moment before the page it names is drawn: the heading is waited for, not read once.
      await expect.poll(() => visitor.getByRole('heading', { level: 1 }).textContent()).toBe('No Access');
      await expect.poll(() => visitor.getByText(/holds no role in Federated Library/).count()).toBe(1);
      // The accessibility check runs a script in the page: only where scripts run.
      if (javaScript) expect(await seriousA11yViolations(visitor)).toEqual([]);
      await shoot(visitor, `sso-no-access${javaScript ? '-js' : ''}`);
      const another = visitor.getByRole('link', { name: 'Use another account' });
      expect(await another.getAttribute('href')).toMatch(/^\/auth\?interaction=[A-Za-z0-9_-]+&account=another$/);
      // Without JavaScript the identity provider's last step is a button; the way there is the same, followed once.
      if (!javaScript) continue;
      // Another account, for the same request: the form even though this browser is signed in, then on to the library.
      await Promise.all([
        visitor.waitForURL((u) => u.pathname === '/auth'),
        visitor.getByRole('link', { name: 'Use another account' }).click(),
      ]);
      await expect.poll(() => visitor.getByText('to continue to Federated Library').count()).toBe(1);
      await signInThere(visitor, patron, (u) => u.href === `${library.url}/acs`, javaScript);
      expect(await visitor.locator('#who').textContent()).toBe(patron.email);
    }
  });

  it('refuses a request naming another ACS URL, and posts nothing there', async () => {
    const evil = new SAML(library.settings(metadata, { signing }, { callbackUrl: `${library.url}/steal` }));
    const visitor = await (await context()).newPage();
    const answer = await visitor.goto(await evil.getAuthorizeUrlAsync('', undefined, {}));
    expect(answer?.status()).toBe(400);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Sign-in failed');
    expect(await visitor.textContent('body')).toContain('The application asked for its answer at an address it has not registered. Nothing was sent.');
    expect(await visitor.locator('form').count()).toBe(0);
    await shoot(visitor, 'refused-wrong-acs');
  });

  it('refuses an unsigned request from a service provider that must sign', async () => {
    const unsigned = new SAML(library.settings(metadata, {}));
    const visitor = await (await context()).newPage();
    const answer = await visitor.goto(await unsigned.getAuthorizeUrlAsync('', undefined, {}));
    expect(answer?.status()).toBe(403);
    expect(await visitor.textContent('body')).toContain('This application must sign its sign-in requests; this one was not signed correctly.');
  });

  it('refuses a replayed request', async () => {
    const request = await library.saml!.getAuthorizeUrlAsync('', undefined, {});
    const first = await (await context()).newPage();
    await first.goto(request);
    expect(new URL(first.url()).pathname).toBe('/auth');
    const replay = await (await context()).newPage();
    const answer = await replay.goto(request);
    expect(answer?.status()).toBe(400);
    expect(await replay.textContent('body')).toContain('This sign-in request was already used. Start again from the application.');
  });

  it('hands over an assertion that the service provider refuses once it has expired', async () => {
    const visitor = await (await context()).newPage();
    await visitor.goto(`${library.url}/login`);
    // The answer reaches the library ten minutes late: past the assertion's five minutes.
    library.saml!.lateByMs = 10 * 60_000;
    try {
      await signInThere(visitor, patron, (u) => u.href === `${library.url}/acs`);
    } finally {
      library.saml!.lateByMs = 0;
    }
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Refused');
    // node-saml finds the assertion's only subject confirmation past its NotOnOrAfter.
    expect(await visitor.locator('#reason').textContent()).toMatch(/no valid subject confirmation|expired/i);
  });
});

describe('SAML single logout to every service provider', () => {
  const member = { email: 'saml.member@example.edu', password: 'Dalawang-Aplikasyon-2026' };
  let metadata = '';

  it('registers a second service provider, the learning platform, for a user of both applications', async () => {
    const adminToken = tokenOf(await apiClient().signIn({ body: DEMO_USERS.admin }));
    const admin = apiClient(adminToken);
    const app = await admin.resource('applications').create({
      code: 'SAMLLMS',
      name: 'Federated Learning Platform',
      description: 'Courses, signed in with SAML.',
      applicationURL: learning.url,
    });
    const saved = await fetch(`${harness().apiUrl}/core/v1.0/applications/${idOf(app)}/saml-sp`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        entityId: learning.entityId,
        acsUrl: `${learning.url}/acs`,
        sloUrl: `${learning.url}/slo`,
        signingCertificate: learningSigning.certificate,
        encryptionCertificate: null,
        requiresSignedRequests: true,
        nameIdFormat: 'persistent',
        releasedAttributes: ['mail', 'roles'],
      }),
    });
    expect(saved.status).toBe(200);
    metadata = await (await fetch(`${harness().apiUrl}/saml/metadata`)).text();
    learning.configure(metadata, { signing: learningSigning }, { identifierFormat: 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent' });

    const learnerRole = idOf(await admin.resource('roles').create({ name: 'Federated Learner', applicationCode: 'SAMLLMS', moduleIds: [] }));
    const user = await admin.resource('users').create({
      email: member.email,
      temporaryPassword: 'Tala-Dalawa-Unang-2026',
      firstName: 'Marcela',
      lastName: 'Agoncillo',
      adminScopes: [],
    });
    await admin.resource('users').update(idOf(user), { roleIds: [libraryRoleId, learnerRole] });
    const first = await apiClient().signIn({ body: { email: member.email, password: 'Tala-Dalawa-Unang-2026' } });
    await apiClient(tokenOf(first)).changePassword({ body: { currentPassword: 'Tala-Dalawa-Unang-2026', newPassword: member.password } });
  });

  /** Signs in at the library through the console, then at the learning platform with the same console session. */
  async function signedInToBoth(visitor: Page) {
    await visitor.goto(`${library.url}/login`);
    await signInThere(visitor, member, (u) => u.href === `${library.url}/acs`);
    await visitor.goto(`${learning.url}/login`);
    await visitor.waitForURL((u) => u.href === `${learning.url}/acs`);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Learning Platform signed in');
    return { atLibrary: library.profiles.at(-1)!, atLearning: learning.profiles.at(-1)! };
  }

  it('logging out at one service provider ends the session at the other (a signed LogoutRequest for its NameID and SessionIndex)', async () => {
    const visitor = await (await context()).newPage();
    const { atLearning } = await signedInToBoth(visitor);
    expect(learning.sessions.get(atLearning.sessionIndex!)).toBe(atLearning.nameID);
    const told = learning.logoutRequests.length;

    await visitor.goto(`${library.url}/logout`);
    await visitor.waitForURL((u) => u.href.startsWith(`${library.url}/slo`));
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Library signed out');

    expect(learning.logoutRequests.length).toBe(told + 1);
    const received = learning.logoutRequests.at(-1)!;
    expect(received.signed).toBe(true);
    expect(received.profile.nameID).toBe(atLearning.nameID);
    expect(received.profile.sessionIndex).toBe(atLearning.sessionIndex);
    expect(received.endedSession).toBe(true);
    expect(learning.sessions.has(atLearning.sessionIndex!)).toBe(false);
    await visitor.goto(url('/app'));
    expect(new URL(visitor.url()).pathname).toBe('/auth');
  });

  it('logging out of the console takes the browser through both service providers and back to the console', async () => {
    const visitor = await (await context()).newPage();
    const { atLibrary, atLearning } = await signedInToBoth(visitor);
    const told = { library: library.logoutRequests.length, learning: learning.logoutRequests.length };

    // The page sends the browser on by itself; its first step answers "no content" once, so the page stays to be seen.
    let held = 0;
    await visitor.route(
      `${harness().apiUrl}/saml/logout/**`,
      (route) => {
        held += 1;
        return route.fulfill({ status: 204 });
      },
      { times: 1 },
    );
    await visitor.goto(url('/logout'));
    await settled(visitor);
    await visitor.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => held).toBe(1);
    await expect.poll(() => visitor.getByRole('heading', { name: 'Signing out' }).count()).toBe(1);
    expect(await seriousA11yViolations(visitor)).toEqual([]);
    await shoot(visitor, 'console-logout-continues-js');
    await Promise.all([
      visitor.waitForURL((u) => u.href === url('/') || u.href.startsWith(url('/auth'))),
      visitor.getByRole('link', { name: 'Continue signing out' }).click(),
    ]);
    expect(library.logoutRequests.length).toBe(told.library + 1);
    expect(learning.logoutRequests.length).toBe(told.learning + 1);
    expect(library.logoutRequests.at(-1)!.profile.sessionIndex).toBe(atLibrary.sessionIndex);
    expect(learning.logoutRequests.at(-1)!.profile.sessionIndex).toBe(atLearning.sessionIndex);
    expect(library.logoutRequests.at(-1)!.signed && learning.logoutRequests.at(-1)!.signed).toBe(true);
    expect(library.sessions.has(atLibrary.sessionIndex!)).toBe(false);
    expect(learning.sessions.has(atLearning.sessionIndex!)).toBe(false);
    await visitor.goto(url('/app'));
    expect(new URL(visitor.url()).pathname).toBe('/auth');
  });

  it('signing out everywhere takes the browser that asked through the service providers of every session of the user', async () => {
    // Two browsers, two console sessions: one signed in to the library, the other to the learning platform.
    const here = await (await context()).newPage();
    await here.goto(`${library.url}/login`);
    await signInThere(here, member, (u) => u.href === `${library.url}/acs`);
    const atLibrary = library.profiles.at(-1)!;
    const elsewhere = await (await context()).newPage();
    await elsewhere.goto(`${learning.url}/login`);
    await signInThere(elsewhere, member, (u) => u.href === `${learning.url}/acs`);
    const atLearning = learning.profiles.at(-1)!;
    expect(atLearning.sessionIndex).not.toBe(atLibrary.sessionIndex);
    const told = { library: library.logoutRequests.length, learning: learning.logoutRequests.length };

    await here.goto(url('/profile/security'));
    await settled(here);
    await Promise.all([
      here.waitForURL((u) => u.href === url('/') || u.href.startsWith(url('/auth'))),
      here.getByRole('button', { name: 'Sign out everywhere' }).click(),
    ]);
    // Each provider was told of its own session, by a signed LogoutRequest, through the browser that asked.
    await expect.poll(() => library.logoutRequests.length).toBe(told.library + 1);
    await expect.poll(() => learning.logoutRequests.length).toBe(told.learning + 1);
    expect(library.logoutRequests.at(-1)!.profile.sessionIndex).toBe(atLibrary.sessionIndex);
    expect(library.logoutRequests.at(-1)!.profile.nameID).toBe(atLibrary.nameID);
    expect(learning.logoutRequests.at(-1)!.profile.sessionIndex).toBe(atLearning.sessionIndex);
    expect(learning.logoutRequests.at(-1)!.profile.nameID).toBe(atLearning.nameID);
    expect(library.logoutRequests.at(-1)!.signed && learning.logoutRequests.at(-1)!.signed).toBe(true);
    expect(library.sessions.has(atLibrary.sessionIndex!)).toBe(false);
    expect(learning.sessions.has(atLearning.sessionIndex!)).toBe(false);
    // The other browser's console session has ended too.
    await elsewhere.goto(url('/app'));
    expect(new URL(elsewhere.url()).pathname).toBe('/auth');
  });

  it('without JavaScript, the console logout page sends the browser on through the service providers', async () => {
    // Signed in to both with JavaScript (the identity provider's page posts the assertion with a script, or a button
    // without one); the same cookies then go to a browser without it.
    const withScripts = await context();
    const { atLearning } = await signedInToBoth(await withScripts.newPage());
    const withoutScripts = await context(false);
    await withoutScripts.addCookies(await withScripts.cookies());
    const visitor = await withoutScripts.newPage();
    const told = learning.logoutRequests.length;
    // Held at the console's page once, to see it: the way on answers "no content" for that first look, so the
    // browser stays on the page.
    await visitor.route(`${harness().apiUrl}/saml/logout/**`, (route) => route.fulfill({ status: 204 }));
    await visitor.goto(url('/logout'));
    await visitor.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => visitor.getByRole('heading', { name: 'Signing out' }).count()).toBe(1);
    await shoot(visitor, 'console-logout-continues');
    const onward = await visitor.getByRole('link', { name: 'Continue signing out' }).getAttribute('href');
    expect(onward).toMatch(new RegExp(`^${harness().apiUrl}/saml/logout/slo_`));
    await visitor.unrouteAll();
    await visitor.goto(onward!);
    await visitor.waitForURL((u) => u.href === url('/') || u.href.startsWith(url('/auth')));
    expect(learning.logoutRequests.length).toBe(told + 1);
    expect(learning.logoutRequests.at(-1)!.profile.sessionIndex).toBe(atLearning.sessionIndex);
  });
});
