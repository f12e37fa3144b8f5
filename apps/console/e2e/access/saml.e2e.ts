import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAML, ValidateInResponseTo, type Profile } from '@node-saml/node-saml';
import * as x509 from '@peculiar/x509';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, harness, newContext, seriousA11yViolations, signIn, url } from '../support';

// SAML 2.0 single sign-on in Chromium (decision 0063): a real service provider (node-saml, independent of the
// identity provider's samlify) on a local HTTP server sends a user through the console's sign-in and checks the
// assertion it gets back; then a sign-in started at the identity provider, and single logout.

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
const signing = await keyAndCertificate('e2e library signing');
const encryption = await keyAndCertificate('e2e library encryption');

const contexts: BrowserContext[] = [];
async function context(javaScriptEnabled = true): Promise<BrowserContext> {
  const created = await newContext({ javaScriptEnabled });
  contexts.push(created);
  return created;
}

/** The service provider: `/login` starts a sign-in, `/acs` checks the assertion, `/logout` and `/slo` single logout. */
let sp: SAML | undefined;
const profiles: Profile[] = [];
const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });
const server: Server = createServer(async (request, response) => {
  const at = new URL(request.url ?? '/', `http://${request.headers.host}`);
  const page = (title: string, body: string, status = 200) =>
    response.writeHead(status, { 'content-type': 'text/html' }).end(`<!DOCTYPE html><title>${title}</title><h1>${title}</h1>${body}`);
  try {
    if (at.pathname === '/login') {
      response.writeHead(302, { location: await sp!.getAuthorizeUrlAsync('/shelf', undefined, {}) }).end();
    } else if (at.pathname === '/acs' && request.method === 'POST') {
      const form = Object.fromEntries(new URLSearchParams(await readBody(request)));
      const { profile } = await sp!.validatePostResponseAsync(form);
      profiles.push(profile!);
      page('Library signed in', `<p id="who">${profile!.nameID}</p><p id="relay">${form.RelayState ?? ''}</p>`);
    } else if (at.pathname === '/logout') {
      response.writeHead(302, { location: await sp!.getLogoutUrlAsync(profiles.at(-1)!, '/bye', {}) }).end();
    } else if (at.pathname === '/slo') {
      const { loggedOut } = await sp!.validateRedirectAsync(Object.fromEntries(at.searchParams), at.search.slice(1));
      page(loggedOut ? 'Library signed out' : 'Not signed out', '');
    } else page('Not found', '', 404);
  } catch (error) {
    page('Refused', `<p id="reason">${String((error as Error).message)}</p>`, 400);
  }
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const SP_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const ENTITY_ID = `${SP_URL}/metadata`;

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await new Promise((resolve) => server.close(resolve));
});

describe('SAML single sign-on for a registered application', () => {
  const email = 'saml.patron@example.edu';
  const password = 'Aklatan-Pasok-2026-Bago';

  it('registers the service provider on the Applications screen and signs a user in with a verified assertion', async () => {
    const tokenOf = (answer: { body: unknown }) => (answer.body as { data: { token: string } }).data.token;
    const admin = apiClient(tokenOf(await apiClient().signIn({ body: DEMO_USERS.admin })));
    const app = await admin.resource('applications').create({
      code: 'SAMLLIB',
      name: 'Federated Library',
      description: 'The library catalogue, signed in with SAML.',
      applicationURL: SP_URL,
    });
    const applicationId = (app.body as { data: { _id: string } }).data._id;
    const role = await admin.resource('roles').create({ name: 'Federated Library Patron', applicationCode: 'SAMLLIB', moduleIds: [] });
    const roleId = (role.body as { data: { _id: string } }).data._id;
    const user = await admin.resource('users').create({ email, temporaryPassword: 'Tala-Aklatan-Unang-2026', firstName: 'Teodora', lastName: 'Alonso', adminScopes: [] });
    const userId = (user.body as { data: { _id: string } }).data._id;
    await admin.resource('users').update(userId, { roleIds: [roleId] });
    const first = await apiClient().signIn({ body: { email, password: 'Tala-Aklatan-Unang-2026' } });
    await apiClient(tokenOf(first)).changePassword({ body: { currentPassword: 'Tala-Aklatan-Unang-2026', newPassword: password } });

    // The administrator fills the SAML section of the application's edit screen.
    const page = await (await context()).newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url(`/app/access-management/applications/${applicationId}/edit`));
    const panel = page.getByRole('region', { name: 'Single sign-on (SAML 2.0)' });
    await panel.getByLabel(/^Service provider entity ID/).fill(ENTITY_ID);
    await panel.getByLabel(/^Assertion Consumer Service/).fill(`${SP_URL}/acs`);
    await panel.getByLabel(/^Single logout URL/).fill(`${SP_URL}/slo`);
    await panel.getByLabel(/^Signing certificate/).fill(signing.certificate);
    await panel.getByLabel(/^Encryption certificate/).fill(encryption.certificate);
    await panel.getByRole('checkbox', { name: /Refuse unsigned/ }).check();
    await panel.getByRole('checkbox', { name: /Modules of those roles/ }).check();
    await panel.getByRole('button', { name: 'Save SAML settings' }).click();
    await expect.poll(() => panel.getByRole('status').textContent()).toBe('SAML settings saved.');
    expect(await panel.textContent()).toContain(`${harness().apiUrl}/saml/metadata`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The service provider is configured from the identity provider's metadata, as a real one is.
    const metadata = await (await fetch(`${harness().apiUrl}/saml/metadata`)).text();
    sp = new SAML({
      issuer: ENTITY_ID,
      callbackUrl: `${SP_URL}/acs`,
      entryPoint: /SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="([^"]+)"/.exec(metadata)![1]!,
      logoutUrl: /SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="([^"]+)"/.exec(metadata)![1]!,
      idpCert: /<(?:ds:)?X509Certificate>([^<]+)</.exec(metadata)![1]!,
      audience: ENTITY_ID,
      privateKey: signing.privateKey,
      decryptionPvk: encryption.privateKey,
      signatureAlgorithm: 'sha256',
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: true,
      validateInResponseTo: ValidateInResponseTo.ifPresent,
    });

    const visitor = await (await context()).newPage();
    await visitor.goto(`${SP_URL}/login`);
    expect(new URL(visitor.url()).pathname).toBe('/auth');
    expect(await visitor.textContent('body')).toContain('Federated Library');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel(/^Password\*?$/).fill(password);
    await Promise.all([
      visitor.waitForURL((u) => u.href === `${SP_URL}/acs`),
      visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Library signed in');
    expect(await visitor.locator('#who').textContent()).toBe(email);
    expect(await visitor.locator('#relay').textContent()).toBe('/shelf');
    const profile = profiles.at(-1)!;
    expect(profile.inResponseTo).toEqual(expect.any(String));
    expect(profile['urn:oid:1.3.6.1.4.1.5923.1.1.1.6']).toBe(email);
    expect(profile['urn:oid:1.3.6.1.4.1.5923.1.1.1.1']).toBe('affiliate');
    expect(profile['urn:oid:2.5.4.42']).toBe('Teodora');
    expect(profile['urn:campus:attribute:roles']).toBe('Federated Library Patron');

    // Signed in already: a sign-in started at the identity provider goes straight back with a new assertion.
    const before = profiles.length;
    await visitor.goto(`${harness().apiUrl}/saml/start?sp=${encodeURIComponent(ENTITY_ID)}`);
    await visitor.waitForURL((u) => u.href === `${SP_URL}/acs`);
    expect(profiles.length).toBe(before + 1);
    expect(profiles.at(-1)!.inResponseTo).toBeUndefined();
    expect(profiles.at(-1)!.nameID).toBe(email);

    // Single logout from the library ends the console session too.
    await visitor.goto(`${SP_URL}/logout`);
    await visitor.waitForURL((u) => u.pathname === '/slo');
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('Library signed out');
    await visitor.goto(url('/app'));
    expect(new URL(visitor.url()).pathname).toBe('/auth');
  });

  it('shows No Access to a user who holds no role in the application', async () => {
    const visitor = await (await context(false)).newPage();
    await visitor.goto(`${SP_URL}/login`);
    await visitor.getByLabel('Email').fill(DEMO_USERS.registrar.email);
    await visitor.getByLabel(/^Password\*?$/).fill(DEMO_USERS.registrar.password);
    await Promise.all([
      visitor.waitForURL((u) => u.pathname === '/unauthorized'),
      visitor.getByRole('button', { name: 'Sign in', exact: true }).click(),
    ]);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe('No Access');
  });
});
