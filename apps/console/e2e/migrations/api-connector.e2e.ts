import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiLog, DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

/** The old system's REST API: students on pages of ten behind a bearer token, on loopback. */
const suffix = randomBytes(4).toString('hex');
const TOKEN = `e2e-token-${suffix}`;
const students = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  studentNumber: `API-${suffix}-${i + 1}`,
  names: `Cruz ${i + 1}, Maria`,
  gender: 'Female',
  campus: { code: 'MAIN' },
  courseCode: 'BSIT',
  isActive: true,
}));
let server: Server;
let origin = '';
const contexts: BrowserContext[] = [];
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const at = new URL(req.url ?? '/', 'http://source');
    asked.push(`${at.pathname}${at.search}`);
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end('{"error":"unauthorised"}');
    }
    const page = Number(at.searchParams.get('page') ?? '1');
    const since = Number(at.searchParams.get('since_id') ?? '0');
    const rows = students.filter((s) => s.id > since).slice((page - 1) * 10, page * 10);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: rows }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
  await new Promise((resolve) => server.close(resolve));
});

async function allowHosts(p: Page, hosts: string) {
  await p.goto(url('/app/settings'));
  await p.getByLabel('Hosts data sources may reach').fill(hosts);
  await p.getByRole('button', { name: 'Save settings' }).click();
  await p.getByText('Settings saved').waitFor();
}

describe('API sources and the API connector (issue 14)', () => {
  it('saves a paged source, is refused inside the network until Settings allow it, reads in full then only new rows', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);

    await p.goto(url('/app/migrations/apis'));
    const name = `Old SIS API ${suffix}`;
    await p.getByLabel(/^Name\*?$/).fill(name);
    await p.getByLabel('Address').fill(`${origin}/api/students`);
    await p.getByLabel('Sign in with').selectOption('bearer');
    await p.getByLabel('Secret').fill(TOKEN);
    await p.getByLabel('Rows at').fill('data');
    await p.getByLabel('Paging').selectOption('page');
    await p.getByLabel('Page, offset or cursor parameter').fill('page');
    await p.getByLabel('Page size parameter').fill('per_page');
    await p.getByLabel('Page size', { exact: true }).fill('10');
    await p.getByLabel('Cursor field').fill('id');
    await p.getByLabel('Since parameter').fill('since_id');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record created').waitFor();
    const row = p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) });
    expect(await row.textContent()).toContain('Stored');
    expect(await row.textContent()).toContain('id, not read yet');
    expect(await p.content()).not.toContain(TOKEN);
    expect(await seriousA11yViolations(p)).toEqual([]);

    // No host is listed yet: refused, and nothing is asked of the source.
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Test source ${name}` }).click();
    // The answer comes from the API after a round trip: on a busy machine that takes more than expect.poll's default second.
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'The host 127.0.0.1 is not on the list of hosts data sources may reach' }).count(), { timeout: 10_000 }).toBe(1);
    expect(asked).toEqual([]);

    await allowHosts(p, '127.0.0.1');
    await p.goto(url('/app/migrations/apis'));
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Test source ${name}` }).click();
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'Connected: 10 rows on the first page.' }).count(), { timeout: 10_000 }).toBe(1);

    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu

    await p.getByRole('link', { name: `Read from ${name}` }).click();
    await p.getByRole('button', { name: 'Preview' }).click();
    const preview = p.getByRole('table', { name: /Preview/ });
    await preview.waitFor();
    expect(await preview.getByRole('row').count()).toBe(11);
    await expect.poll(() => preview.getByRole('columnheader', { name: 'campus.code' }).count()).toBe(1);
    expect(await seriousA11yViolations(p)).toEqual([]);

    await p.getByLabel('Import into').selectOption('students');
    await p.getByRole('button', { name: 'Read into a run' }).click();
    await p.waitForURL(/\/app\/migrations\/uploader\?run=/);
    await p.getByRole('table', { name: 'Column matching' }).getByRole('rowheader', { name: 'campus.code' }).waitFor({ timeout: 30_000 });
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await p.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await p.getByLabel('Run figures').textContent()).toMatch(/Read\s*23\s*Created\s*23\s*Updated\s*0\s*Rejected\s*0/);

    await p.goto(url('/app/migrations/apis'));
    expect(await p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) }).textContent()).toContain('id up to 23');

    // Two new rows in the source; the incremental read asks past the remembered id and brings only them.
    students.push(...[24, 25].map((i) => ({ ...students[0]!, id: i, studentNumber: `API-${suffix}-${i}`, names: `Cruz ${i}, Maria` })));
    await p.goto(url(`/app/migrations/api-connector`));
    await p.getByLabel('API source', { exact: true }).selectOption({ label: name });
    await p.getByRole('button', { name: 'Choose' }).click();
    await expect.poll(() => p.getByLabel('Only rows newer than the last read').isChecked()).toBe(true);
    await p.getByLabel('Import into').selectOption('students');
    await p.getByRole('button', { name: 'Read into a run' }).click();
    await p.waitForURL(/\/app\/migrations\/uploader\?run=/);
    await p.getByRole('table', { name: 'Column matching' }).getByRole('rowheader', { name: 'studentNumber' }).waitFor({ timeout: 30_000 });
    expect(asked.at(-1)).toContain('since_id=23');
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await p.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await p.getByLabel('Run figures').textContent()).toMatch(/Read\s*2\s*Created\s*2\s*Updated\s*0\s*Rejected\s*0/);

    await p.goto(url('/app/migrations/histories'));
    await expect.poll(async () => (await p.getByText(`${name} (after id 23)`).count()) > 0).toBe(true);

    // A nightly read of the new rows: refused with the field's message, saved, cancelled.
    await p.goto(url('/app/migrations/api-connector'));
    await p.getByLabel('API source', { exact: true }).selectOption({ label: name });
    await p.getByRole('button', { name: 'Choose' }).click();
    await p.getByLabel('Import into').selectOption('students');
    await p.getByLabel('Cron').fill('nightly');
    await p.getByRole('button', { name: 'Schedule', exact: true }).click();
    await expect.poll(() => p.getByLabel('Cron').getAttribute('aria-invalid')).toBe('true');
    await p.getByLabel('Cron').fill('0 2 * * *');
    await p.getByRole('button', { name: 'Schedule', exact: true }).click();
    await p.getByText('The scheduled read is saved.').waitFor();
    expect(await p.locator('#schedule-state').textContent()).toContain(`Reads ${name} on "0 2 * * *" (Asia/Manila)`);
    await p.getByRole('button', { name: 'Cancel schedule' }).click();
    await p.getByText('The scheduled read is cancelled.').waitFor();
    expect(await p.locator('#schedule-state').textContent()).toContain('Not scheduled.');

    await allowHosts(p, '');
    expect(apiLog()).not.toContain(TOKEN);
  });

  it('works without JavaScript: refuses an incomplete source with the messages, then saves and edits it', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/migrations/apis'));
    await p.getByLabel('Address').fill('ftp://sis.example.edu/students');
    await p.getByLabel('Paging').selectOption('cursor');
    await p.getByLabel('Secret').fill(`typed-${suffix}`);
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('Validation Error').first().waitFor();
    await expect.poll(() => p.getByText('Enter an http:// or https:// address.').count()).toBeGreaterThan(0);
    expect(await p.getByLabel(/^Name\*?$/).getAttribute('aria-invalid')).toBe('true');
    expect(await p.getByLabel('Next cursor at').getAttribute('aria-invalid')).toBe('true');
    // What was typed stays, but the secret is never sent back.
    expect(await p.getByLabel('Address').inputValue()).toBe('ftp://sis.example.edu/students');
    expect(await p.getByLabel('Paging').inputValue()).toBe('cursor');
    expect(await p.content()).not.toContain(`typed-${suffix}`);

    const name = `No script API ${suffix}`;
    await p.getByLabel(/^Name\*?$/).fill(name);
    await p.getByLabel('Address').fill('https://sis.example.edu/api/students');
    await p.getByLabel('Paging').selectOption('link');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record created').waitFor();
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('link', { name: `Edit ${name}` }).click();
    expect(await p.getByLabel('Address').inputValue()).toBe('https://sis.example.edu/api/students');
    await p.getByLabel('Rows at').fill('items');
    await p.getByRole('button', { name: 'Save' }).click();
    await p.getByText('New record updated').first().waitFor();
    expect(await p.getByRole('row').filter({ has: p.getByRole('rowheader', { name, exact: true }) }).textContent()).toContain('items');
    await p.getByLabel(`Actions for ${name}`).click(); // the row's menu
    await p.getByRole('button', { name: `Delete ${name}` }).click();
    await p.getByText('API source deleted.').waitFor();
  });
});
