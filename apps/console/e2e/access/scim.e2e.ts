import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA, ScimServer } from '../../../../tools/scim-kit/scim-server.mjs';
import { labelled } from '../resources/resource-page';
import { apiClient, DEMO_USERS, newContext, seriousA11yViolations, settled, signIn, TEST_OUTPUT, url } from '../support';

// SCIM 2.0 provisioning out (decision 0065) in Chromium: an IAM administrator turns it on for an application on its
// page, gives a user one of its roles, and reads the delivery log; a real SCIM server, run here, checks the requests.

const TOKEN = 'e2e-scim-bearer-5c2a9f';
const scim = new ScimServer(TOKEN);
const SHOTS = join(TEST_OUTPUT, 'scim');
const contexts: BrowserContext[] = [];

type Admin = ReturnType<typeof apiClient>;
let admin: Admin;
let applicationId = '';
let roleId = '';

/** A record made through the API as the demo administrator; its id. */
async function createdId(resource: string, body: Record<string, unknown>): Promise<string> {
  const result = await admin.resource(resource).create(body);
  if (result.status !== 201) throw new Error(`${resource}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data._id;
}

const newUser = (email: string, firstName: string, lastName: string, roleIds: string[] = []) =>
  createdId('users', { email, temporaryPassword: 'Scim-E2E-Pass-2026!', firstName, lastName, adminScopes: [], roleIds });

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  await scim.start();
  const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signedIn.status !== 200) throw new Error(`The administrator could not sign in (${signedIn.status}).`);
  admin = apiClient(signedIn.body.data.token);
  applicationId = await createdId('applications', {
    code: 'SCIMLMS',
    name: 'Learning Platform',
    description: 'Courses and classes, provisioned over SCIM.',
    applicationURL: 'https://lms.example.edu',
  });
  const moduleId = await createdId('modules', { code: 'SCIMLMS-COURSES', name: 'Courses', applicationCode: 'SCIMLMS' });
  roleId = await createdId('roles', { name: 'Course Learner', applicationCode: 'SCIMLMS', moduleIds: [moduleId] });
});

afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await scim.stop();
});

async function adminPage(): Promise<Page> {
  const context = await newContext();
  contexts.push(context);
  const page = await context.newPage();
  await signIn(page, DEMO_USERS.admin);
  return page;
}

const editPath = () => `/app/access-management/applications/${applicationId}/edit`;
const section = (page: Page): Locator => page.getByRole('region', { name: 'SCIM provisioning' });
/** The rows of the latest deliveries on the application's page, each as its cells' text joined by " | ". */
const logLines = async (page: Page) =>
  section(page)
    .getByRole('table', { name: 'Latest SCIM deliveries' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('td, th')].map((c) => (c as HTMLElement).innerText.replace(/\s+/g, ' ').trim()).join(' | ')),
    );
/** The application's page, loaded again until its delivery log has a line matching `line`. */
async function untilLogShows(page: Page, line: RegExp) {
  await expect
    .poll(
      async () => {
        await page.goto(url(editPath()));
        await settled(page);
        return (await section(page).getByRole('table', { name: 'Latest SCIM deliveries' }).count()) ? (await logLines(page)).some((l) => line.test(l)) : false;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(true);
}

async function shoot(page: Page, target: Locator, name: string) {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await target.screenshot({ path: join(SHOTS, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describe('SCIM provisioning on the application page', () => {
  it('is turned on by an IAM administrator; a role given to a user is pushed and the delivery log shows the creates', async () => {
    const page = await adminPage();
    await page.goto(url(editPath()));
    await settled(page);
    const panel = section(page);
    await expect.poll(() => panel.getByRole('heading', { name: 'SCIM provisioning' }).count()).toBe(1);
    expect(await panel.getByText('Nothing pushed yet').count()).toBe(1);
    await shoot(page, panel, 'section-empty');

    // A base URL the contract refuses: the problem shows beside the field, and nothing is saved.
    await panel.getByText('Push users and roles to this application').click();
    await expect.poll(() => panel.getByRole('checkbox', { name: 'Push users and roles to this application' }).isChecked()).toBe(true);
    await panel.getByLabel(labelled('SCIM base URL')).fill('http://scim.example.edu/scim/v2');
    await panel.getByLabel(labelled('Bearer token')).fill(TOKEN);
    const [refusal] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/edit')),
      panel.getByRole('button', { name: 'Save SCIM settings' }).click(),
    ]);
    await expect
      .poll(() => section(page).getByText('The SCIM base URL is https (http only to this machine: localhost or 127.0.0.1).').count())
      .toBeGreaterThan(0);
    expect(await section(page).getByLabel(labelled('SCIM base URL')).getAttribute('aria-invalid')).toBe('true');
    // The refused form comes back with what was typed, but never the token.
    const refused = await refusal.text();
    expect(refused).toContain('http://scim.example.edu/scim/v2');
    expect(refused).not.toContain(TOKEN);
    expect(scim.requests).toEqual([]);

    // Saved right: on, its roles are pushed at once (no members yet).
    await settled(page);
    await section(page).getByLabel(labelled('SCIM base URL')).fill(scim.url);
    await section(page).getByLabel(labelled('Bearer token')).fill(TOKEN);
    if (!(await section(page).getByRole('checkbox', { name: 'Push users and roles to this application' }).isChecked())) {
      await section(page).getByText('Push users and roles to this application').click();
    }
    await section(page).getByRole('button', { name: 'Save SCIM settings' }).click();
    await expect.poll(() => section(page).getByText('SCIM settings saved').count()).toBe(1);
    const state = section(page).getByRole('definition');
    await expect.poll(() => state.allTextContents()).toEqual(expect.arrayContaining(['On', 'Set']));
    expect(await page.content()).not.toContain(TOKEN);
    await expect.poll(() => scim.requests.map((r) => `${r.method} ${r.path}`), { timeout: 30_000 }).toEqual(['POST /Groups']);
    expect(scim.requests[0]!.body).toEqual({ schemas: [SCIM_GROUP_SCHEMA], displayName: 'Course Learner', externalId: roleId, members: [] });

    // The administrator gives the role to a user on the user's page.
    const userId = await newUser('maria.clara@example.edu', 'Maria', 'Clara');
    await page.goto(url(`/app/access-management/users/${userId}/edit`));
    await settled(page);
    const userForm = page.getByRole('form', { name: 'Edit User' });
    await userForm.getByText(/^Course Learner/).click();
    await expect.poll(() => userForm.getByRole('checkbox', { name: /^Course Learner/ }).isChecked()).toBe(true);
    await Promise.all([page.waitForURL((u) => !u.pathname.endsWith('/edit')), userForm.getByRole('button', { name: 'Save', exact: true }).click()]);

    // The SCIM server saw exactly the user's creation, then the group's members replaced.
    await expect.poll(() => scim.requests.length, { timeout: 30_000 }).toBe(3);
    const [, createUser, updateGroup] = scim.requests;
    const remoteUser = scim.userNamed('maria.clara@example.edu');
    const remoteGroup = scim.group('Course Learner');
    expect(createUser).toMatchObject({ method: 'POST', path: '/Users', authorization: `Bearer ${TOKEN}`, contentType: 'application/scim+json' });
    expect(createUser!.body).toEqual({
      schemas: [SCIM_USER_SCHEMA],
      userName: 'maria.clara@example.edu',
      externalId: userId,
      name: { givenName: 'Maria', familyName: 'Clara', formatted: 'Maria Clara' },
      displayName: 'Maria Clara',
      emails: [{ value: 'maria.clara@example.edu', type: 'work', primary: true }],
      active: true,
    });
    expect(updateGroup).toMatchObject({ method: 'PUT', path: `/Groups/${remoteGroup.id}` });
    expect(updateGroup!.body).toEqual({
      schemas: [SCIM_GROUP_SCHEMA],
      displayName: 'Course Learner',
      externalId: roleId,
      members: [{ value: remoteUser.id }],
      id: remoteGroup.id,
    });

    // The delivery log on the application's page: the creates, newest first, delivered.
    await untilLogShows(page, / \| Course Learner Group \(role\) \| Update \| 200 \| Delivered/);
    const lines = await logLines(page);
    expect(lines).toEqual([
      expect.stringMatching(/ \| Course Learner Group \(role\) \| Update \| 200 \| Delivered Updated: 1 member\. \| 1$/),
      expect.stringMatching(/ \| maria\.clara@example\.edu User \| Create \| 201 \| Delivered Created \(id [0-9a-f-]{36}\)\. \| 1$/),
      expect.stringMatching(/ \| Course Learner Group \(role\) \| Create \| 201 \| Delivered Created with 0 members\. \| 1$/),
    ]);
    // Each time is shown with its zone.
    expect(lines[0]).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{2}:\d{2} PHT \| /);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, section(page), 'section');

    // The whole log, paged, on its own screen.
    await Promise.all([page.waitForURL((u) => u.pathname.endsWith('/scim-deliveries')), section(page).getByRole('link', { name: /Open the delivery log \(3 requests\)/ }).click()]);
    await settled(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('SCIM deliveries: Learning Platform');
    await expect.poll(() => page.getByRole('table', { name: 'SCIM deliveries' }).locator('tbody tr').count()).toBe(3);
    expect(await page.getByText('1–3 of 3').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shoot(page, page.locator('main'), 'log');
  });

  it('shows a wrong token as a failed delivery in plain words, and never shows the token', async () => {
    const page = await adminPage();
    await page.goto(url(editPath()));
    await settled(page);
    await section(page).getByLabel(labelled('Bearer token')).fill('not-the-scim-token');
    await section(page).getByRole('button', { name: 'Save SCIM settings' }).click();
    await expect.poll(() => section(page).getByText('SCIM settings saved').count()).toBe(1);

    const before = scim.requests.length;
    await newUser('juan.luna@example.edu', 'Juan', 'Luna', [roleId]);
    await expect.poll(() => scim.requests.length, { timeout: 30_000 }).toBeGreaterThan(before);
    expect(scim.requests[before]).toMatchObject({ method: 'POST', path: '/Users', authorization: 'Bearer not-the-scim-token' });
    expect(scim.users.size).toBe(1);

    await untilLogShows(page, /juan\.luna@example\.edu User \| Create \| 401 \| Failed/);
    const failed = (await logLines(page)).find((l) => l.includes('juan.luna@example.edu'));
    expect(failed).toMatch(/ \| juan\.luna@example\.edu User \| Create \| 401 \| Failed The application refused the bearer token \(401\)\. Replace the SCIM token\. \| 1$/);
    expect(await page.content()).not.toContain('not-the-scim-token');
    await shoot(page, section(page), 'section-failed');
  });

  it('is not shown to an IAM user who is not an IAM administrator, and the log screen refuses them', async () => {
    const email = 'iam.helper@example.edu';
    const password = 'Iam-Helper-Pass-2026!';
    await createdId('users', { email, temporaryPassword: password, firstName: 'Teodora', lastName: 'Alonso', adminScopes: ['IAM'] });
    const context = await newContext();
    contexts.push(context);
    const page = await context.newPage();
    await signIn(page, { email, password });
    // A temporary password is replaced first (/reset-password), then the console opens.
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await settled(page);
    const chosen = 'Iam-Helper-Chosen-2026!';
    await page.getByLabel(/^Temporary password/).fill(password);
    await page.getByLabel(/^New password\*?$/).fill(chosen);
    await page.getByLabel(/^Confirm new password/).fill(chosen);
    await Promise.all([page.waitForURL((u) => u.pathname === '/app'), page.getByRole('button', { name: 'Save password' }).click()]);
    await page.goto(url(editPath()));
    await settled(page);
    expect(await page.getByRole('heading', { name: 'Single sign-on (OpenID Connect)' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'SCIM provisioning' }).count()).toBe(0);
    const refused = await page.goto(url(`/app/access-management/applications/${applicationId}/scim-deliveries`));
    expect(refused?.status()).toBe(403);
  });
});
