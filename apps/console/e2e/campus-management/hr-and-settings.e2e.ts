import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

async function page(javaScriptEnabled = false): Promise<Page> {
  const context = await newContext({ javaScriptEnabled });
  contexts.push(context);
  return context.newPage();
}

async function saveMission(p: Page, mission: string) {
  await p.goto(url('/app/settings'));
  await p.getByLabel(/^Mission/).fill(mission);
  await p.getByRole('button', { name: 'Save settings' }).click();
  await p.getByText('Settings saved').waitFor();
}

describe('HR records and system settings (issue 17)', () => {
  it("changes the sign-in panel's mission in settings and shows it on /auth", async () => {
    const admin = await page();
    await signIn(admin, DEMO_USERS.admin);
    const mission = `Serve the Bicol region with excellence ${Date.now()}.`;
    await saveMission(admin, mission);

    const visitor = await page();
    await visitor.goto(url('/auth'));
    expect(await visitor.getByTestId('auth-mission').textContent()).toBe(mission);

    // A user who is not an IAM administrator gets the 401 page.
    const registrar = await page();
    await signIn(registrar, DEMO_USERS.registrar);
    const refused = await registrar.goto(url('/app/settings'));
    expect(refused?.status()).toBe(401);

    await saveMission(admin, ''); // back to the default text
    await visitor.goto(url('/auth'));
    expect(await visitor.getByTestId('auth-mission').textContent()).not.toBe(mission);
  });

  it('opens an employee, adds a family member and a training, and shows the credits ledger and a DTR week', async () => {
    const p = await page();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/campus-management/hr/employees?q=Bautista'));
    await p.getByRole('link', { name: 'EMP-2011-0042' }).click();
    await p.getByRole('link', { name: "Open the employee's whole record" }).click();
    await p.getByRole('heading', { level: 1, name: /Bautista, Ramon/ }).waitFor();
    expect(await p.getByText('TIN').count()).toBeGreaterThan(0);

    const records = p.getByRole('navigation', { name: 'Employee record' });
    await records.getByRole('link', { name: 'Family' }).click();
    await p.getByRole('link', { name: 'Add family member' }).click();
    await p.getByLabel(/^Relation/).selectOption('CHILD');
    await p.getByLabel(/^Last name/).fill('Bautista');
    await p.getByLabel(/^First name/).fill('Andres');
    await p.getByLabel(/^Birth date/).fill('2015-11-30');
    await p.getByRole('button', { name: 'Create', exact: true }).click();
    await p.getByRole('table', { name: 'Family' }).getByText('Andres').waitFor();

    await records.getByRole('link', { name: 'Trainings' }).click();
    await p.getByRole('link', { name: 'Add training' }).click();
    await p.getByLabel(/^Title/).fill('Records management seminar');
    await p.getByLabel(/^From/).fill('2026-03-02');
    await p.getByLabel(/^To/).fill('2026-03-03');
    await p.getByLabel(/^Hours/).fill('16');
    await p.getByRole('button', { name: 'Create', exact: true }).click();
    await p.getByRole('table', { name: 'Trainings' }).getByText('Records management seminar').waitFor();

    await records.getByRole('link', { name: 'Credits' }).click();
    await p.getByRole('link', { name: 'Add a leave credit entry' }).click();
    await p.getByLabel(/^Type/).selectOption('VL');
    await p.getByLabel(/^Credit/).fill('1.25');
    await p.getByRole('button', { name: 'Create', exact: true }).click();
    // The demo ledger of VL stands at 14.25 (15 − 2 + 1.25); the database adds this entry's 1.25.
    const ledger = p.getByTestId('ledger-leave-credits');
    await ledger.getByRole('cell', { name: '15.5', exact: true }).waitFor();

    await p.getByRole('link', { name: 'Printable personal data sheet' }).click();
    await p.getByRole('heading', { name: 'I. Personal information' }).waitFor();
    expect(await p.getByRole('region', { name: 'II. Family background' }).textContent()).toContain('Andres');
    await p.goBack();

    await records.getByRole('link', { name: 'DTR' }).click();
    await p.getByRole('heading', { name: /^Week of / }).waitFor();
    const days = p.getByRole('list').filter({ has: p.locator('[data-testid^="dtr-"]') }).locator('li');
    expect(await days.count()).toBe(7);
    const colours = await days.evaluateAll((items) => items.map((i) => getComputedStyle(i).backgroundColor));
    expect(colours.some((c) => c !== 'rgb(238, 238, 238)')).toBe(true);
  });
});
