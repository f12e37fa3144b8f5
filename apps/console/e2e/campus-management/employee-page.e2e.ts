import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPLOYEE_TABS } from '../../app/areas/campus-management/hr/employee-tabs';
import { apiClient, DEMO_USERS, newContext, settled, signIn, url } from '../support';

// The employee page, its printable personal data sheet and the DTR week, and the organisation shown in settings and
// on the sign-in page. The demo's Ramon Bautista (EMP-2011-0042) is the employee.

const contexts: BrowserContext[] = [];
let employeeId: string;
let admin: ReturnType<typeof apiClient>;

async function page(javaScriptEnabled: boolean, width = 1280): Promise<Page> {
  const context = await newContext({ javaScriptEnabled, width });
  contexts.push(context);
  const p = await context.newPage();
  await signIn(p, DEMO_USERS.admin);
  return p;
}

/** After a navigation: with JavaScript, until the router is idle and the page hydrated (nothing to wait for without). */
const ready = async (p: Page, javaScriptEnabled: boolean) => {
  if (javaScriptEnabled) await settled(p);
  else await p.waitForLoadState('load');
};

/** How many of each piece of the console's frame the page holds. */
const frame = (p: Page) =>
  p.evaluate(() => ({
    headers: document.querySelectorAll('.cas-layout-admin__header').length,
    sideMenus: document.querySelectorAll('nav[aria-label="Side menu"]').length,
    mains: document.querySelectorAll('main').length,
    layouts: document.querySelectorAll('.cas-layout-admin').length,
  }));

beforeAll(async () => {
  const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signedIn.status !== 200) throw new Error('The administrator could not sign in.');
  admin = apiClient(signedIn.body.data.token);
  const found = await admin.resource('employees').list({ search: 'employeeNumber:EMP-2011-0042' });
  if (found.status !== 200) throw new Error('The demo employee is missing.');
  employeeId = found.body.rows[0]!._id;
  // A child in the family background, for the data sheet's coded values.
  await admin.resource('employee-family').create({ employeeId, relation: 'CHILD', lastName: 'Bautista', firstName: 'Lorenzo', birthDate: '2014-06-01' });
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe('the employee page (one console frame)', () => {
  it.each([true, false])('draws one header, one side menu and one main on every tab (JavaScript %s)', async (javaScriptEnabled) => {
    const p = await page(javaScriptEnabled);
    for (const tab of EMPLOYEE_TABS) {
      await p.goto(url(`/app/campus-management/hr/employee/${employeeId}?tab=${tab.key}`));
      await ready(p, javaScriptEnabled);
      await p.getByRole('heading', { level: 1, name: /Bautista, Ramon/ }).waitFor();
      expect({ tab: tab.key, ...(await frame(p)) }).toEqual({ tab: tab.key, headers: 1, sideMenus: 1, mains: 1, layouts: 1 });
    }
    // The area's other own screens of the same kind.
    for (const path of ['/app/campus-management/hr/salary-grade-table', '/app/campus-management/hr/update-requests-queue']) {
      await p.goto(url(path));
      await ready(p, javaScriptEnabled);
      expect({ path, ...(await frame(p)) }).toEqual({ path, headers: 1, sideMenus: 1, mains: 1, layouts: 1 });
    }
  }, 240_000);
});

describe('the printable personal data sheet', () => {
  it.each([true, false])('is a document of its own, with names for codes (JavaScript %s)', async (javaScriptEnabled) => {
    const p = await page(javaScriptEnabled);
    await p.goto(url(`/app/campus-management/hr/employee/${employeeId}/pds`));
    await ready(p, javaScriptEnabled);
    await p.getByRole('heading', { level: 1, name: 'Personal Data Sheet' }).waitFor();
    expect(await frame(p)).toEqual({ headers: 0, sideMenus: 0, mains: 1, layouts: 0 });

    const family = p.getByRole('region', { name: 'II. Family background' });
    expect(await family.textContent()).toContain('Lorenzo');
    const cells = async (name: string) => (await p.getByRole('region', { name }).locator('td').allTextContents()).map((t) => t.trim());
    expect(await cells('II. Family background')).toContain('Child');
    expect(await cells('III. Educational background')).toContain('College');
    expect(await cells('VIII. Other information')).toContain('Special skill or hobby');
    for (const code of ['CHILD', 'COLLEGE', 'SKILL', 'MEMBERSHIP']) expect(await p.locator('main').textContent()).not.toContain(code);

    // Printed, only the sheet shows: no link back, no hint about printing.
    await p.emulateMedia({ media: 'print' });
    expect(await p.getByRole('link', { name: 'Back to the employee' }).isVisible()).toBe(false);
    await p.emulateMedia({ media: 'screen' });
    await p.getByRole('link', { name: 'Back to the employee' }).click();
    await p.getByRole('heading', { level: 1, name: /Bautista, Ramon/ }).waitFor();
  });
});

describe('the DTR week', () => {
  it.each([1280, 375])('shows each day status in full and the hours worked (%i px)', async (width) => {
    // A Monday far ahead with an early time out (undertime), so that its week is the one the tab shows.
    const record = await admin.resource('daily-time-records').create({ employeeId, date: '2031-03-03' });
    expect(record.status).toBe(201);
    const recordId = (record.body as { data: { _id: string } }).data._id;
    await admin.resource('timesheets').create({ recordId, timeIn: '08:00:00', timeOut: '15:00:00' });

    const p = await page(false, width);
    await p.goto(url(`/app/campus-management/hr/employee/${employeeId}?tab=dtr`));
    await p.getByRole('heading', { name: 'Week of 2031-03-03' }).waitFor();
    const monday = p.getByTestId('dtr-2031-03-03');
    const text = (await monday.innerText()).replace(/\s+/g, ' ');
    expect(text).toContain('Undertime');
    // 8:00 to 15:00 less the lunch hour: 6 hours worked, 2 hours short.
    expect(text).toContain('6h 0m 0s');
    expect(text).toContain('2h 0m 0s');
    // Nothing in any day is cut off or spills out of its box.
    const overflowing = await p
      .locator('[data-testid^="dtr-"]')
      .evaluateAll((days) =>
        days.flatMap((d) => [d, ...Array.from(d.querySelectorAll('*'))]).filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0).map((el) => el.textContent),
      );
    expect(overflowing).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const sheets = await admin.resource('timesheets').list({ search: `recordId:${recordId}` });
    for (const s of sheets.status === 200 ? sheets.body.rows : []) await admin.resource('timesheets').update(s._id, { isActive: false });
    await admin.resource('daily-time-records').update(recordId, { isActive: false });
  });
});

describe('the organisation: one source for settings and the sign-in page', () => {
  it.each([true, false])('settings show the mission, vision and name the sign-in page shows (JavaScript %s)', async (javaScriptEnabled) => {
    const visitorContext = await newContext({ javaScriptEnabled });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(url('/auth'));
    const mission = (await visitor.getByTestId('auth-mission').textContent())!.trim();
    const vision = (await visitor.getByTestId('auth-vision').textContent())!.trim();
    const panel = (await visitor.getByRole('complementary', { name: 'About the university' }).innerText()).replace(/\s+/g, ' ');

    const p = await page(javaScriptEnabled);
    await p.goto(url('/app/settings'));
    const name = await p.getByLabel(/^Organisation name/).inputValue();
    expect(name).not.toBe('');
    expect(panel).toContain(name);
    expect(await p.getByLabel(/^Mission/).inputValue()).toBe(mission);
    expect(await p.getByLabel(/^Vision/).inputValue()).toBe(vision);
    expect(mission).not.toBe('');
  });
});
