import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
let noScript: Page;
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

beforeAll(async () => {
  const context = await newContext({ javaScriptEnabled: false });
  contexts.push(context);
  noScript = await context.newPage();
  await signIn(noScript, DEMO_USERS.admin);
});

const chart = (p: Page, title: string) => p.getByRole('figure', { name: title });

/** A download's bytes (the browser runs elsewhere, so its file is read as a stream). */
async function bytesOf(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('analytics and reports (issue 15)', () => {
  it('draws every chart on the server: the pages read with JavaScript off', async () => {
    await noScript.goto(url('/app/analytics/support?preset=90d'));
    for (const title of ['Tickets created and resolved per day', 'SLA breach rate by office', 'SLA breach rate by team', 'SLA breach rate by category', 'Agent workload']) {
      const figure = chart(noScript, title);
      expect(await figure.locator(`svg[aria-label="${title}"]`).count(), title).toBe(1);
      expect(await figure.locator('figcaption p').textContent()).toMatch(/\w/);
    }
    expect(await noScript.getByRole('list', { name: 'Key figures' }).textContent()).toContain('Previous period');
    await noScript.getByRole('combobox', { name: 'Office', exact: true }).selectOption({ index: 1 });
    await Promise.all([noScript.waitForURL(/officeId=/), noScript.getByRole('button', { name: 'Show' }).click()]);
    expect(await noScript.getByText('Filtered to one office, team or category.').count()).toBe(1);

    // This term: the academic calendar's term under way, named beside its days.
    await noScript.goto(url('/app/analytics/support?preset=term'));
    expect(await noScript.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('term');
    expect(await noScript.locator('.cas-report-range .cas-report-note').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \((First Semester|Second Semester|Midyear Term) /);

    await noScript.goto(url('/app/analytics/tickets?preset=90d'));
    expect(await chart(noScript, 'Tickets created by channel').locator('svg a').count()).toBe(3);

    await noScript.goto(url('/app/analytics/audit-trails?preset=7d'));
    expect(await chart(noScript, 'Audited actions per day').locator('svg[aria-label="Audited actions per day"]').count()).toBe(1);
  });

  it('reads the Chatbot page with JavaScript off, drills down from a day to the conversation logs and exports a chart', async () => {
    await noScript.goto(url('/app/analytics/chatbot?preset=90d'));
    for (const title of ['Conversations per day', 'Answered and unanswered questions per day', 'Top questions', 'Top unanswered questions', 'Subscriber growth']) {
      const figure = chart(noScript, title);
      expect(await figure.locator(`svg[aria-label="${title}"]`).count(), title).toBe(1);
      expect(await figure.locator('figcaption p').textContent()).toMatch(/\w/);
    }
    expect(await chart(noScript, 'Responses never used').locator('table').count()).toBe(1);
    // The demo broadcast of three days ago: a stacked bar whose parts lead to its deliveries with that status.
    const broadcasts = chart(noScript, 'Broadcasts and their deliveries');
    expect(await broadcasts.locator('svg[aria-label="Broadcasts and their deliveries"]').count()).toBe(1);
    expect(await broadcasts.locator('figcaption p').textContent()).toMatch(/^1 broadcast sent .*: \d+ delivered, 2 failed, 0 skipped and 2 not sent/);
    const failedBar = broadcasts.locator('svg a[aria-label*="Failed"]').first();
    expect(await failedBar.getAttribute('href')).toMatch(/^\/app\/chatbot-management\/broadcasts\/[0-9a-f-]{36}\?status=FAILED$/);
    expect(await noScript.getByRole('list', { name: 'Key figures' }).textContent()).toContain('Answered rate');

    // The weekly email of this page's key figures: a plain form, ticked and saved without JavaScript.
    await noScript.getByText(/^Weekly email/).click();
    const me = noScript.getByRole('checkbox', { name: new RegExp(`\\(${DEMO_USERS.admin.email}\\)`) });
    await me.check();
    await Promise.all([noScript.waitForURL(/\/app\/analytics\/chatbot\?preset=90d/), noScript.getByRole('button', { name: 'Save weekly email' }).click()]);
    expect(await noScript.getByText(/^Weekly email \(1 person\)/).count()).toBe(1);

    const shown = await chart(noScript, 'Top questions').locator('table tbody tr').allTextContents();
    const [csv] = await Promise.all([noScript.waitForEvent('download'), noScript.getByRole('link', { name: 'Export Top questions as CSV' }).click()]);
    const lines = (await bytesOf(csv)).toString('utf8').trim().split('\r\n');
    expect(lines[0]).toBe('Question,Asked,Answered');
    expect(lines).toHaveLength(shown.length + 1);

    await Promise.all([noScript.waitForURL(/\/app\/chatbot-management\/broadcasts\/.+status=FAILED/), failedBar.click()]);
    expect(await noScript.getByText('The mail server refused it: 550 5.1.1 Mailbox unavailable').count()).toBe(2);
    await noScript.goBack();

    const dot = chart(noScript, 'Answered and unanswered questions per day').locator('svg a[aria-label*="Unanswered"]').last();
    const day = /Day (\d{4}-\d{2}-\d{2})/.exec((await dot.getAttribute('aria-label')) ?? '')![1]!;
    await Promise.all([noScript.waitForURL(/\/app\/chatbot-management\/logs\?/), dot.click()]);
    const landed = new URL(noScript.url());
    expect([landed.searchParams.get('from'), landed.searchParams.get('to'), landed.searchParams.get('outcome')]).toEqual([day, day, 'unanswered']);
  });

  it('drills down from a bar to the ticket list with the same filters, and from the list to the ticket', async () => {
    await noScript.goto(url('/app/analytics/support?preset=90d'));
    const bar = chart(noScript, 'SLA breach rate by office').locator('svg a').first();
    const label = await bar.getAttribute('aria-label');
    expect(label).toMatch(/Office .+: Breach rate/);
    await Promise.all([noScript.waitForURL(/\/app\/analytics\/tickets\?/), bar.click()]);
    const landed = new URL(noScript.url());
    expect(landed.searchParams.get('breached')).toBe('yes');
    expect(landed.searchParams.get('officeId')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await noScript.getByLabel('SLA breached').inputValue()).toBe('yes');
    const rows = noScript.locator('section table tbody tr');
    if ((await rows.count()) > 0) expect(await rows.first().locator('td').nth(9).textContent()).toBe('breached');

    await noScript.goto(url('/app/analytics/tickets?preset=90d&sort=reference&dir=asc'));
    await noScript.getByRole('columnheader', { name: 'Reference' }).and(noScript.locator('[aria-sort="ascending"]')).waitFor();
  });

  it('exports exactly a chart’s rows as CSV and XLSX, and the filtered audit trail as CSV', async () => {
    await noScript.goto(url('/app/analytics/tickets?preset=90d'));
    const table = chart(noScript, 'Tickets created by channel').locator('table tbody tr');
    const shown = await table.allTextContents();
    const [csv] = await Promise.all([noScript.waitForEvent('download'), noScript.getByRole('link', { name: 'Export Tickets created by channel as CSV' }).click()]);
    const text = (await bytesOf(csv)).toString('utf8');
    const lines = text.trim().split('\r\n');
    expect(lines[0]).toBe('Channel,Tickets');
    expect(lines.slice(1).map((l) => l.replace(',', ''))).toEqual(shown);
    const [xlsx] = await Promise.all([noScript.waitForEvent('download'), noScript.getByRole('link', { name: 'Export Tickets created by channel as XLSX' }).click()]);
    expect((await bytesOf(xlsx)).subarray(0, 2).toString()).toBe('PK');

    await noScript.goto(url('/app/analytics/audit-trails?preset=7d'));
    const [audit] = await Promise.all([noScript.waitForEvent('download'), noScript.getByRole('link', { name: 'Export entries as CSV' }).click()]);
    const auditCsv = (await bytesOf(audit)).toString('utf8');
    expect(auditCsv.split('\r\n')[0]).toBe('When,Actor,Activity,Resource,Record,From,Changes');
    expect(auditCsv).not.toContain('$argon2');
  });

  it('opens an audit entry as a field-level diff and links to the record’s history', async () => {
    await noScript.goto(url('/app/analytics/audit-trails?preset=all&activity=Signed%20in'));
    await noScript.locator('section table tbody tr td a').first().click();
    await noScript.getByRole('link', { name: 'Back to the audit trail' }).waitFor();
    await noScript.getByRole('link', { name: /history \(\d+ entr/ }).click();
    expect(new URL(noScript.url()).searchParams.get('recordId')).toMatch(/^[0-9a-f-]{36}$/);
    await noScript.getByText(/History of record/).waitFor();
  });

  it('has no serious accessibility violation on any report page', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    for (const path of ['/app/analytics/support?preset=30d', '/app/analytics/tickets?preset=30d', '/app/analytics/audit-trails?preset=7d', '/app/analytics/chatbot']) {
      await p.goto(url(path));
      await p.locator('h1').first().waitFor();
      expect(await seriousA11yViolations(p), path).toEqual([]);
    }
  });
});
