import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSlapd, type Slapd } from '../../../../../../tools/slapd-kit/slapd-kit.mjs';
import { startTestApi } from '../../../test/harness.js';
import { connectionTo, storedAccount, syncToEnd } from './test/kit.js';

// Directory federation over TLS (decision 0064) against OpenLDAP with a throwaway CA made by openssl for this run:
// LDAPS on ldaps://, StartTLS on ldap://; the server's certificate is checked against the CA given and the host name.

const LUZ = { uid: 'luz', givenName: 'Luz', sn: 'Bautista', mail: 'luz.bautista@example.edu', employeeType: 'faculty', password: 'Dir-Luz-Pass-1' };
const TONYO = { uid: 'tonyo', givenName: 'Antonio', sn: 'Luna', mail: 'antonio.luna@example.edu', employeeType: 'staff', password: 'Dir-Tonyo-Pass-2' };

let slapd: Slapd;
const api = await startTestApi();
let admin: string;

/** The slapd's URL with another host name (the certificate names 127.0.0.1 only). */
const onHost = (url: string, host: string) => url.replace('127.0.0.1', host);
const ldaps = (overrides: Record<string, unknown> = {}) =>
  connectionTo(slapd.ldapsUrl!, { tls: 'ldaps', caCertificate: slapd.caCertificate, ...overrides });
const startTls = (overrides: Record<string, unknown> = {}) =>
  connectionTo(slapd.url, { tls: 'starttls', caCertificate: slapd.caCertificate, ...overrides });
const test = async (body: Record<string, unknown>) => (await api.call('POST', '/core/v1.0/directory/test', { token: admin, body })).body.data;
const signIn = (email: string, password: string) => api.call('POST', '/core/v1.0/auth', { body: { email, password } });

beforeAll(async () => {
  slapd = await startSlapd([LUZ, TONYO], { tls: true });
  admin = await api.signIn('admin@example.edu');
  await api.app.jobs.start();
}, 60_000);
afterAll(async () => {
  await api.app.jobs.stop();
  await slapd?.stop();
});

describe('directory federation over TLS (LDAPS and StartTLS) against OpenLDAP', () => {
  it('binds over LDAPS and over StartTLS when the certificate is signed by the CA given and names the host', async () => {
    for (const body of [ldaps(), startTls()]) {
      const answer = await test(body);
      expect(answer, answer.message).toMatchObject({ ok: true, entries: 2 });
    }
  });

  it('refuses a certificate the CA given did not sign, in plain words, over both', async () => {
    for (const body of [ldaps({ caCertificate: slapd.otherCaCertificate }), startTls({ caCertificate: slapd.otherCaCertificate })]) {
      expect(await test(body)).toMatchObject({ ok: false, message: "The directory's certificate is not signed by the CA certificate given." });
    }
  });

  it('refuses a throwaway CA the system does not trust when no CA certificate is given', async () => {
    const answer = await test(ldaps({ caCertificate: '' }));
    expect(answer).toMatchObject({
      ok: false,
      message: "The directory's certificate is not signed by a CA this server trusts: give the directory's CA certificate.",
    });
  });

  it('refuses a host name the certificate does not name, even with the right CA, over both', async () => {
    const message = "The directory's certificate is not for localhost: use the host name the certificate names in the address.";
    expect(await test(ldaps({ url: onHost(slapd.ldapsUrl!, 'localhost') }))).toMatchObject({ ok: false, message });
    expect(await test(startTls({ url: onHost(slapd.url, 'localhost') }))).toMatchObject({ ok: false, message });
  });

  it('says so plainly when LDAPS is asked of a port that speaks plain LDAP', async () => {
    const answer = await test(ldaps({ url: slapd.url.replace('ldap://', 'ldaps://') }));
    expect(answer.ok).toBe(false);
    expect(answer.message).toMatch(/did not answer TLS|not accepted|did not answer within/);
  });

  it('signs in and syncs over LDAPS', async () => {
    const saved = await api.call('PUT', '/core/v1.0/directory', { token: admin, body: ldaps() });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.connection).toMatchObject({ tls: 'ldaps', caCertificate: slapd.caCertificate!.trim() });
    expect((await signIn(LUZ.mail, LUZ.password)).status).toBe(200);
    expect((await signIn(LUZ.mail, 'not-her-password')).status).toBe(401);
    const run = await syncToEnd(api, admin);
    expect(run, run.error ?? '').toMatchObject({ state: 'completed' });
    expect(await storedAccount(api, TONYO.mail)).toMatchObject({ is_active: true });
  });

  it('signs in and syncs over StartTLS: an entry removed is deactivated', async () => {
    expect((await api.call('PUT', '/core/v1.0/directory', { token: admin, body: startTls() })).status).toBe(200);
    expect((await signIn(TONYO.mail, TONYO.password)).status).toBe(200);
    slapd.remove(LUZ.uid);
    const run = await syncToEnd(api, admin);
    expect(run, run.error ?? '').toMatchObject({ state: 'completed' });
    expect(await storedAccount(api, LUZ.mail)).toMatchObject({ is_active: false });
    expect(await storedAccount(api, TONYO.mail)).toMatchObject({ is_active: true });
  });

  it('fails closed when the saved CA does not match: the directory account cannot sign in, and the sync job fails saying why', async () => {
    expect((await api.call('PUT', '/core/v1.0/directory', { token: admin, body: startTls({ caCertificate: slapd.otherCaCertificate, bindPassword: '' }) })).status).toBe(200);
    expect((await signIn(TONYO.mail, TONYO.password)).status).toBe(401);
    const run = await syncToEnd(api, admin, true);
    expect(run.error).toBe("The directory's certificate is not signed by the CA certificate given.");
    expect(await storedAccount(api, TONYO.mail)).toMatchObject({ is_active: true });
  });
});
