import { randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

/** The machine's PostgreSQL (db test) holds the old system's table this test reads. */
const suffix = randomBytes(4).toString('hex');
const TABLE = `e2e_students_${suffix}`;
/** Runs SQL on the source database with psql (the console reaches no database itself). */
const source = (text: string) => execFileSync('psql', ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres', '-d', 'test', '-v', 'ON_ERROR_STOP=1', '-q', '-c', text]);
const contexts: BrowserContext[] = [];

beforeAll(() => {
  source(`create table ${TABLE} (id integer primary key, "studentNumber" text, names text, gender text, "campusCode" text, "courseCode" text, "isActive" text)`);
  source(`insert into ${TABLE} select i, 'DB-${suffix}-' || i, 'Reyes ' || i || ', Ana', 'Female', 'MAIN', 'BSIT', 'true' from generate_series(1, 3) i`);
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  source(`drop table if exists ${TABLE}`);
});

async function allowHosts(p: Page, hosts: string) {
  await p.goto(url('/app/settings'));
  await p.getByLabel('Hosts data sources may reach').fill(hosts);
  await p.getByRole('button', { name: 'Save settings' }).click();
  await p.getByText('Settings saved').waitFor();
}

describe('database connector (issue 14)', () => {
  it('saves a PostgreSQL connection, tests it, reads a table into a run and runs it', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);

    await p.goto(url('/app/migrations/databases'));
    const name = `Old registrar ${suffix}`;
    await p.getByLabel('Name').fill(name);
    await p.getByLabel('Type').selectOption('postgresql');
    await p.getByLabel('Host').fill('127.0.0.1');
    await p.getByLabel('Port').fill('5432');
    await p.getByLabel(/^Database\*?$/).fill('test');
    await p.getByLabel('User').fill('postgres');
    await p.getByLabel('Password').fill(`secret-${suffix}`);
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record created').waitFor();
    const row = p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) });
    expect(await row.textContent()).toContain('Stored');
    expect(await p.content()).not.toContain(`secret-${suffix}`);

    // No host is listed yet: the machine's own PostgreSQL, on loopback, is not reached.
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Test connection ${name}` }).click();
    await expect
      .poll(() => p.getByRole('status').filter({ hasText: 'Could not connect: The host 127.0.0.1 is not on the list of hosts data sources may reach' }).count())
      .toBe(1);
    expect(await p.getByText('Connected').count()).toBe(0);
    await allowHosts(p, '127.0.0.1');
    await p.goto(url('/app/migrations/databases'));
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Test connection ${name}` }).click();
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'Connected' }).count()).toBe(1);

    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu

    await p.getByRole('link', { name: `Read from ${name}` }).click();
    await p.getByLabel('Table').selectOption(TABLE);
    await p.getByRole('button', { name: 'Preview' }).click();
    const preview = p.getByRole('table', { name: /Preview/ });
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(4);

    await p.getByLabel('Table').selectOption(TABLE);
    await p.getByLabel('Cursor column (optional)').fill('id');
    await p.getByLabel('Import into').selectOption('students');
    await p.getByRole('button', { name: 'Read into a run' }).click();
    await p.waitForURL(/\/app\/migrations\/uploader\?run=/);
    await p.getByRole('table', { name: 'Column matching' }).getByRole('rowheader', { name: 'studentNumber' }).waitFor({ timeout: 30_000 });
    expect(await p.getByText(`${name}: ${TABLE}`).count()).toBeGreaterThan(0);
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await p.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await p.getByLabel('Run figures').textContent()).toMatch(/Read\s*3\s*Created\s*3\s*Updated\s*0\s*Rejected\s*0/);

    await p.goto(url('/app/migrations/databases'));
    expect(await p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) }).textContent()).toMatch(new RegExp(`${TABLE}: id up to 3`));

    // A scheduled read of the same table: refused with the field's message, saved, changed, cancelled.
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('link', { name: `Read from ${name}` }).click();
    await p.getByLabel('Table').selectOption(TABLE);
    await p.getByLabel('Cursor column (optional)').fill('id');
    await p.getByText('Only rows newer than the last read', { exact: true }).click(); // the design system's check box
    expect(await p.getByLabel('Only rows newer than the last read').isChecked()).toBe(true);
    await p.getByLabel('Import into').selectOption('students');
    await p.getByLabel('Cron').fill('every night');
    await p.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => p.getByLabel('Cron').getAttribute('aria-invalid')).toBe('true');
    await p.getByLabel('Cron').fill('0 2 * * *');
    await p.getByLabel('Time zone').fill('Asia/Manila');
    await p.getByRole('button', { name: 'Schedule', exact: true }).click();
    await p.getByText('The scheduled read is saved.').waitFor();
    expect(await p.locator('#schedule-state').textContent()).toContain(`Reads ${TABLE} on "0 2 * * *" (Asia/Manila)`);
    expect(await p.getByLabel('Cursor column (optional)').inputValue()).toBe('id');
    await p.getByLabel('Cron').fill('30 3 * * 1');
    await p.getByRole('button', { name: 'Save schedule' }).click();
    await expect.poll(() => p.locator('#schedule-state').textContent()).toContain('"30 3 * * 1"');
    await p.getByRole('button', { name: 'Cancel schedule' }).click();
    await p.getByText('The scheduled read is cancelled.').waitFor();
    expect(await p.locator('#schedule-state').textContent()).toContain('Not scheduled.');
  });

  it('answers "Test connection" at once when the password is wrong', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await allowHosts(p, '127.0.0.1');
    await p.goto(url('/app/migrations/databases'));
    const name = `Wrong password ${suffix}`;
    await p.getByLabel('Name').fill(name);
    await p.getByLabel('Type').selectOption('mariadb');
    await p.getByLabel('Host').fill('127.0.0.1');
    await p.getByLabel('Port').fill('3306');
    await p.getByLabel(/^Database\*?$/).fill('test');
    await p.getByLabel('User').fill('root');
    await p.getByLabel('Password').fill(`wrong-${suffix}`);
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record created').waitFor();
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Test connection ${name}` }).click();
    await p.getByRole('status').filter({ hasText: "Could not connect: Access denied for user 'root'" }).waitFor({ timeout: 12_000 });
    expect(await p.content()).not.toContain(`wrong-${suffix}`);
  });

  it('works without JavaScript: refuses a blank form and a non-SELECT with the messages, reads a SELECT', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await allowHosts(p, '127.0.0.1');
    await p.goto(url('/app/migrations/databases'));
    await p.getByLabel(/^Database\*?$/).fill('test');
    await p.getByLabel('Password', { exact: true }).fill(`typed-${suffix}`);
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Validation Error').first().waitFor();
    // The notice comes first in the page; the fields' marks follow as the rest of it arrives.
    await expect.poll(() => p.locator('#connection-name-error').textContent()).toBe('Required');
    expect(await p.getByRole('alert').filter({ hasText: 'Validation Error' }).first().textContent()).toContain('Please fillup required fields.');
    expect(await p.getByLabel('Host').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays, but the password is never sent back.
    expect(await p.getByLabel(/^Database\*?$/).inputValue()).toBe('test');
    expect(await p.content()).not.toContain(`typed-${suffix}`);

    const name = `No script ${suffix}`;
    await p.getByLabel('Name').fill(name);
    await p.getByLabel('Host').fill('127.0.0.1');
    await p.getByLabel('Port').fill('5432');
    await p.getByLabel(/^Database\*?$/).fill('test');
    await p.getByLabel('User').fill('postgres');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record created').waitFor();

    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu

    await p.getByRole('link', { name: `Read from ${name}` }).click();
    await p.getByLabel('Read-only SELECT').fill(`delete from ${TABLE}`);
    await p.getByLabel('Import into').selectOption('students');
    await p.getByRole('button', { name: 'Preview' }).click();
    await p.getByText('Only a read-only SELECT can be run.').first().waitFor();

    await p.getByLabel('Read-only SELECT').fill(`select * from ${TABLE} where id = 2`);
    await p.getByRole('button', { name: 'Read into a run' }).click();
    await p.waitForURL(/\/app\/migrations\/uploader\?run=/);
    await p.getByText('Success!').first().waitFor();
    expect(source(`select count(*) from ${TABLE}`).toString()).toContain('3');
  });
});
