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

  it("keeps the salary grade table; a designation's salary follows it on the appointment tab", async () => {
    const p = await page();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/campus-management/hr/salary-grade-table'));
    const table = p.getByTestId('salary-grade-table');
    const step4 = table.getByRole('link', { name: /^SG 19 step 4: ₱[\d,]+\.\d\d, edit$/ });
    const before = (await step4.textContent())!;
    await step4.click();
    await p.getByLabel(/^Monthly salary/).fill('60000');
    await p.getByRole('button', { name: /^Save/ }).click();
    await p.goto(url('/app/campus-management/hr/salary-grade-table'));
    expect(await table.getByRole('link', { name: /^SG 19 step 4:/ }).textContent()).toBe('₱60,000.00');

    // The demo admin's designation is SG 19 step 4: its monthly salary follows the table, in pesos.
    await p.goto(url('/app/campus-management/hr/designations?q=Information'));
    await p.getByRole('row', { name: /Information Systems Analyst III/ }).getByText('₱60,000.00').waitFor();
    await p.goto(url('/app/campus-management/hr/employees?q=Bautista'));
    await p.getByRole('link', { name: 'EMP-2011-0042' }).click();
    // TIN and PhilHealth numbers are shown with their masks in the form.
    expect(await p.getByLabel(/^TIN/).inputValue()).toMatch(/^(\d{3}-\d{3}-\d{3}(-\d{1,4})?)?$/);
    await p.getByRole('link', { name: "Open the employee's whole record" }).click();
    await p.getByRole('navigation', { name: 'Employee record' }).getByRole('link', { name: 'Appointment' }).click();
    const appointment = p.getByTestId('employee-appointment');
    expect(await appointment.textContent()).toContain('SG 19, step 4');
    expect(await appointment.textContent()).toContain('₱60,000.00');

    // Back to the table's figure, through the form.
    await p.goto(url('/app/campus-management/hr/salary-grade-table'));
    await table.getByRole('link', { name: /^SG 19 step 4:/ }).click();
    await p.getByLabel(/^Monthly salary/).fill(before.replace(/[₱,]/g, ''));
    await p.getByRole('button', { name: /^Save/ }).click();
  });

  it('tints each daily time record in the colour of its day status', async () => {
    const p = await page();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/campus-management/hr/daily-time-records'));
    const rows = p.locator('tr[data-accent]');
    expect(await rows.count()).toBeGreaterThan(0);
    const labels = await rows.evaluateAll((items) => items.map((i) => i.getAttribute('data-accent')));
    expect(labels.every((l) => ['On leave', 'Leave without pay', 'Late', 'Undertime', 'Overtime', 'Holiday', 'Normal'].includes(l ?? ''))).toBe(true);
    const swatch = await rows.first().locator('.cas-row-accent__swatch').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(['rgb(137, 184, 255)', 'rgb(230, 210, 182)', 'rgb(255, 175, 19)', 'rgb(255, 166, 179)', 'rgb(177, 79, 255)', 'rgb(255, 69, 80)', 'rgb(33, 195, 29)']).toContain(swatch);
  });

  it('offers two-factor mandatory and empty retention periods in settings', async () => {
    const p = await page();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/settings'));
    expect(await p.getByRole('checkbox', { name: /Two-factor sign-in is mandatory/ }).isChecked()).toBe(false);
    expect(await p.getByLabel(/^Keep the audit trail for/).inputValue()).toBe('');
  });

  it('refuses settings the contract refuses and a test address that is not one, each beside its field, keeping what was typed (no JavaScript)', async () => {
    const p = await page();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/settings'));
    const name = `Typed organisation ${Date.now()}`;
    await p.getByLabel(/^Organisation name/).fill(name);
    await p.getByLabel(/^Session idle lifetime/).fill('240');
    await p.getByLabel(/^Session absolute lifetime/).fill('2');
    await p.getByRole('button', { name: 'Save settings' }).click();
    await p.getByText('The idle lifetime cannot be longer than the absolute lifetime.').first().waitFor();
    expect(await p.getByRole('alert').first().textContent()).toContain('Validation Error');
    expect(await p.getByLabel(/^Organisation name/).inputValue()).toBe(name);
    expect(await p.getByLabel(/^Session idle lifetime/).inputValue()).toBe('240');
    expect(await p.getByLabel(/^Session idle lifetime/).getAttribute('aria-invalid')).toBe('true');

    await p.getByLabel(/^Send a test email to/).fill('registrar');
    await p.getByRole('button', { name: 'Send a test email' }).click();
    await p.getByText('Enter an email address.').first().waitFor();
    expect(await p.getByLabel(/^Send a test email to/).inputValue()).toBe('registrar');

    // Nothing was saved: the settings are as they were.
    await p.goto(url('/app/settings'));
    expect(await p.getByLabel(/^Organisation name/).inputValue()).not.toBe(name);
  });
});
