import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_DN, SERVICE_DN, SERVICE_PASSWORD, startSlapd, type Slapd } from '../../../../tools/slapd-kit/slapd-kit.mjs';
import { apiLog, DEMO_USERS, newContext, seriousA11yViolations, signIn, TEST_OUTPUT, url } from '../support';

// Directory federation end to end (decision 0064): an IAM administrator configures the connection to a real OpenLDAP
// started here, tests it, a directory user signs in (the account is created), a sync runs as a batch, and a person
// removed from the directory is deactivated by the next sync.

const JUAN = { uid: 'e2e-juan', givenName: 'Juan', sn: 'Dela Cruz', mail: 'e2e.juan@example.edu', employeeType: 'faculty', password: 'Dir-Juan-Pass-1' };
const ROSA = { uid: 'e2e-rosa', givenName: 'Rosa', sn: 'Sevilla', mail: 'e2e.rosa@example.edu', employeeType: 'staff', password: 'Dir-Rosa-Pass-2' };
const SHOTS = join(TEST_OUTPUT, 'ldap');

let slapd: Slapd;
beforeAll(async () => {
  slapd = await startSlapd([JUAN, ROSA]);
  mkdirSync(SHOTS, { recursive: true });
}, 60_000);
afterAll(async () => {
  await slapd?.stop();
});

async function fillConnection(page: Page) {
  await page.getByLabel('Directory sign-in and sync are on').check();
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

describe('directory federation (LDAP) in the console', () => {
  it('configures the directory, tests it, signs a directory user in, syncs, and deactivates one removed', async () => {
    const admin = await (await newContext()).newPage();
    await signIn(admin, DEMO_USERS.admin);
    // Settings links to the directory screen.
    await admin.goto(url('/app/settings'));
    await admin.getByRole('link', { name: /directory sign-in and sync/i }).click();
    await admin.waitForURL(/\/app\/access-management\/directory$/);
    await expect(admin.getByRole('heading', { name: 'Directory (LDAP / Active Directory)' }).isVisible()).resolves.toBe(true);

    // A wrong password: the test says so in plain words.
    await fillConnection(admin);
    await admin.getByLabel(/^Bind password/).fill('not-the-password');
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText('The directory refused the bind DN or its password.').waitFor();

    // The right one: the entries as the mapping reads them.
    await admin.getByLabel(/^Bind password/).fill(SERVICE_PASSWORD);
    await admin.getByRole('button', { name: 'Test connection' }).click();
    await admin.getByText('Connection works').waitFor();
    await admin.getByText(JUAN.mail).waitFor();
    await admin.getByText('Juan Dela Cruz · faculty').waitFor();
    await admin.getByLabel(/^Bind password/).fill(SERVICE_PASSWORD);
    await admin.getByRole('button', { name: 'Save directory' }).click();
    await admin.getByText('The directory connection is saved.').waitFor();
    await admin.getByText('A password is saved (sealed). Leave empty to keep it.').waitFor();
    expect(await admin.content()).not.toContain(SERVICE_PASSWORD);
    await admin.screenshot({ path: join(SHOTS, 'directory-1280.png'), fullPage: true });
    expect(await seriousA11yViolations(admin)).toEqual([]);

    // A directory user signs in with the directory's password: the account is made.
    const juan = await (await newContext()).newPage();
    await signIn(juan, { email: JUAN.mail, password: JUAN.password });
    expect(new URL(juan.url()).pathname).not.toMatch(/^\/auth/);

    // A sync creates Rosa's account; she signs in.
    expect(await syncNow(admin)).toBe('Completed');
    const rosa = await (await newContext({ javaScriptEnabled: false })).newPage();
    await signIn(rosa, { email: ROSA.mail, password: ROSA.password });
    expect(new URL(rosa.url()).pathname).not.toMatch(/^\/auth/);

    // Rosa leaves: the next sync deactivates her account (kept, not deleted), and she can no longer sign in.
    slapd.remove(ROSA.uid);
    expect(await syncNow(admin)).toBe('Completed');
    await admin.goto(url('/app/access-management/directory'));
    await expect(admin.getByLabel('Directory accounts').innerText()).resolves.toMatch(/Deactivated \(gone from the directory\)\s*1/);
    await admin.goto(url(`/app/access-management/users?q=${encodeURIComponent(ROSA.mail)}`));
    await admin.getByText(ROSA.mail).first().waitFor();
    const again = await (await newContext()).newPage();
    await again.goto(url('/auth'));
    await again.getByLabel('Email').fill(ROSA.mail);
    await again.getByLabel(/^Password\*?$/).fill(ROSA.password);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await again.getByText('Incorrect email or password.').waitFor();

    const phone = await (await newContext({ width: 390, height: 844 })).newPage();
    await signIn(phone, DEMO_USERS.admin);
    await phone.goto(url('/app/access-management/directory'));
    await phone.screenshot({ path: join(SHOTS, 'directory-390.png'), fullPage: true });

    // The directory is turned off again, so the files after this one sign in as before.
    await admin.goto(url('/app/access-management/directory'));
    await admin.getByLabel('Directory sign-in and sync are on').uncheck();
    await admin.getByRole('button', { name: 'Save directory' }).click();
    await admin.getByText('The directory connection is saved.').waitFor();
    for (const secret of [SERVICE_PASSWORD, JUAN.password, ROSA.password]) expect(apiLog()).not.toContain(secret);
  }, 240_000);
});
