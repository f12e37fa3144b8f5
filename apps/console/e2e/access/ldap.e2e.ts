import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DN, groupDn, SERVICE_DN, SERVICE_PASSWORD, startSlapd, type Slapd } from '../../../../tools/slapd-kit/slapd-kit.mjs';
import { apiClient, apiLog, DEMO_USERS, newContext, seriousA11yViolations, sessionToken, settled, signIn, TEST_OUTPUT, url } from '../support';

// Directory federation end to end (decision 0064): an IAM administrator configures the connection to a real OpenLDAP
// started here, maps a directory group to an IAM role, tests it, a directory user signs in (the account is created
// with the group's role), a sync runs as a batch, and a person removed from the directory is deactivated by the
// next sync.

const JUAN = { uid: 'e2e-juan', givenName: 'Juan', sn: 'Dela Cruz', mail: 'e2e.juan@example.edu', employeeType: 'faculty', password: 'Dir-Juan-Pass-1' };
const ROSA = { uid: 'e2e-rosa', givenName: 'Rosa', sn: 'Sevilla', mail: 'e2e.rosa@example.edu', employeeType: 'staff', password: 'Dir-Rosa-Pass-2' };
const REGISTRARS = { cn: 'e2e-registrars', members: [JUAN.uid] };
/** The demo's Registrar role, as the group mapping lists it. */
const REGISTRAR_ROLE = 'Registrar (CAMPUS)';
const SHOTS = join(TEST_OUTPUT, 'ldap');

let slapd: Slapd;
beforeAll(async () => {
  slapd = await startSlapd([JUAN, ROSA], { groups: [REGISTRARS] });
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

async function fillConnection(page: Page) {
  await page.getByLabel('Directory sign-in and sync are on').check({ force: true });
  await page.getByLabel(/^Directory address/).fill(slapd.url);
  await page.getByLabel(/^Transport security/).selectOption('none');
  await page.getByLabel(/^Bind DN/).fill(SERVICE_DN);
  await page.getByLabel(/^Bind password/).fill(SERVICE_PASSWORD);
  await page.getByLabel(/^Base DN/).fill(BASE_DN);
  await page.getByLabel(/^User filter/).fill('(objectClass=inetOrgPerson)');
}

/** Presses "Sync now" and waits on the batch's view until the sync has finished. */
async function syncNow(page: Page) {
  await page.goto(url('/app/access-management/directory'));
  await settled(page);
  await Promise.all([page.waitForURL(/\/app\/batch-management\/tabs\/batch-view\?id=/), page.getByRole('button', { name: 'Sync now' }).click()]);
  const state = page.locator('dl.cas-batch-facts dt:text-is("State") + dd');
  for (let i = 0; i < 60; i++) {
    const shown = (await state.innerText()).trim();
    if (shown && !/^(Queued|Running)$/.test(shown)) return shown;
    await page.waitForTimeout(1000);
    await page.reload();
  }
  throw new Error('The directory sync did not finish in a minute.');
}

/** Signs in on /auth and expects the one answer to a wrong email or password. */
async function refusedSignIn(email: string, password: string) {
  const page = await (await newContext()).newPage();
  await page.goto(url('/auth'));
  await settled(page);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\*?$/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Incorrect email or password.').waitFor();
  await page.context().close();
}

describe('directory federation (LDAP) in the console', () => {
  it('configures the directory with a group mapping, tests it, signs a directory user in, syncs, and deactivates one removed', async () => {
    const admin = await (await newContext()).newPage();
    await signIn(admin, DEMO_USERS.admin);
    // Settings links to the directory screen.
    await admin.goto(url('/app/settings'));
    await admin.getByRole('link', { name: /directory sign-in and sync/i }).click();
    await admin.waitForURL(/\/app\/access-management\/directory$/);
    await admin.getByRole('heading', { name: 'Directory (LDAP / Active Directory)' }).waitFor();
    await settled(admin);

    // A wrong password: the test says so in plain words.
    await fillConnection(admin);
    await admin.getByLabel(/^Bind password/).fill('not-the-password');
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText('The directory refused the bind DN or its password.').waitFor();
    await settled(admin);

    // The group mapping: a role ticked without a group is refused before anything is sent.
    await admin.getByLabel(/^Read groups from/).selectOption('memberOf');
    const mapping = admin.getByRole('group', { name: 'Add a group mapping' });
    await mapping.getByLabel(REGISTRAR_ROLE).check({ force: true });
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await mapping.getByText('Required').waitFor();
    await mapping.getByLabel(/^Group DN/).fill(groupDn(REGISTRARS.cn));

    // The right password: the entries as the mapping reads them, with the role the group grants.
    await admin.getByLabel(/^Bind password/).fill(SERVICE_PASSWORD);
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText('Connection works').waitFor();
    await admin.getByText(JUAN.mail).waitFor();
    await admin.getByText(`Juan Dela Cruz · faculty · roles: ${REGISTRAR_ROLE}`).waitFor();
    await admin.getByText('Rosa Sevilla · staff', { exact: true }).waitFor();
    await settled(admin);
    await admin.getByLabel(/^Bind password/).fill(SERVICE_PASSWORD);
    await admin.getByRole('button', { name: 'Save directory' }).click();
    await admin.getByText('The directory connection is saved.').waitFor();
    await admin.getByText('A password is saved (sealed). Leave empty to keep it.').waitFor();
    const saved = admin.getByRole('group', { name: 'Group mapping 1' });
    await expect.poll(() => saved.getByLabel(/^Group DN/).inputValue()).toBe(groupDn(REGISTRARS.cn));
    await expect.poll(() => saved.getByLabel(REGISTRAR_ROLE).isChecked()).toBe(true);
    expect(await admin.content()).not.toContain(SERVICE_PASSWORD);
    await admin.screenshot({ path: join(SHOTS, 'directory-1280.png'), fullPage: true });
    expect(await seriousA11yViolations(admin)).toEqual([]);

    // A directory user signs in with the directory's password: the account is made, with the group's role.
    const juan = await (await newContext()).newPage();
    await signIn(juan, { email: JUAN.mail, password: JUAN.password });
    expect(new URL(juan.url()).pathname).not.toMatch(/^\/auth/);
    const api = apiClient((await sessionToken(admin.context())).token);
    const roles = await api.resource('roles').list({ q: 'Registrar', limit: 10 });
    const registrar = roles.status === 200 ? roles.body.rows.find((r) => r.name === 'Registrar' && r.applicationCode === 'CAMPUS') : undefined;
    const juanAccount = await api.resource('users').list({ q: JUAN.mail, limit: 1 });
    expect(juanAccount.status === 200 ? juanAccount.body.rows[0]?.roleIds : undefined).toEqual([registrar?._id]);

    // A wrong directory password gets the one sign-in answer.
    await refusedSignIn(JUAN.mail, 'not-his-password');

    // A sync creates Rosa's account; she signs in (without JavaScript).
    expect(await syncNow(admin)).toBe('Completed');
    const rosa = await (await newContext({ javaScriptEnabled: false })).newPage();
    await signIn(rosa, { email: ROSA.mail, password: ROSA.password });
    expect(new URL(rosa.url()).pathname).not.toMatch(/^\/auth/);

    // Rosa leaves: the next sync deactivates her account (kept, not deleted), and she can no longer sign in.
    slapd.remove(ROSA.uid);
    expect(await syncNow(admin)).toBe('Completed');
    await admin.goto(url('/app/access-management/directory'));
    await expect.poll(() => admin.getByLabel('Directory accounts').innerText()).toMatch(/Deactivated \(gone from the directory\)\s*1/);
    await admin.goto(url(`/app/access-management/users?q=${encodeURIComponent(ROSA.mail)}`));
    await admin.getByText(ROSA.mail).first().waitFor();
    await refusedSignIn(ROSA.mail, ROSA.password);

    // Without JavaScript the form is the same plain form, checked on the server: a group with no role is refused (a required choice left empty).
    const plain = await (await newContext({ javaScriptEnabled: false })).newPage();
    await signIn(plain, DEMO_USERS.admin);
    await plain.goto(url('/app/access-management/directory'));
    await plain.getByRole('group', { name: 'Add a group mapping' }).getByLabel(/^Group DN/).fill(groupDn('e2e-nobody'));
    await plain.getByRole('button', { name: 'Save directory' }).click();
    await plain.getByText('Validation Error').waitFor();
    await plain.getByText('Please fillup required fields.').waitFor();
    await plain.getByRole('group', { name: 'Group mapping 2' }).getByText('Required', { exact: true }).waitFor();
    await plain.context().close();

    const phone = await (await newContext({ width: 390, height: 844 })).newPage();
    await signIn(phone, DEMO_USERS.admin);
    await phone.goto(url('/app/access-management/directory'));
    await settled(phone);
    await phone.screenshot({ path: join(SHOTS, 'directory-390.png'), fullPage: true });

    // The directory is turned off again, so the files after this one sign in as before.
    await admin.goto(url('/app/access-management/directory'));
    await settled(admin);
    await admin.getByLabel('Directory sign-in and sync are on').uncheck({ force: true });
    await admin.getByRole('button', { name: 'Save directory' }).click();
    await admin.getByText('The directory connection is saved.').waitFor();
    for (const secret of [SERVICE_PASSWORD, JUAN.password, ROSA.password]) expect(apiLog()).not.toContain(secret);
  }, 240_000);
});
