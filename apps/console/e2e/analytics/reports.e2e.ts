import type { BrowserContext, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickAndLoad, DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

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
/** The names the bars and dots of a chart give their links. */
const linkLabels = async (figure: ReturnType<typeof chart>) => (await figure.locator('svg a').evaluateAll((links) => links.map((a) => a.getAttribute('aria-label') ?? '')));
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The demo's broadcast of three days ago (chatbot seed). Other files send broadcasts of their own, so this file
 * reads this one's row rather than the period's totals.
 */
const DEMO_BROADCAST = 'Second-semester enrolment opens Monday';

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
    await expect.poll(() => noScript.getByText('Filtered to one office, team or category.').count()).toBe(1);

    // This term: the academic calendar's term under way, named beside its days.
    await noScript.goto(url('/app/analytics/support?preset=term'));
    expect(await noScript.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('term');
    expect(await noScript.locator('.cas-report-range .cas-report-note').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} \((First Semester|Second Semester|Midyear Term) /);

    await noScript.goto(url('/app/analytics/tickets?preset=90d'));
    expect(await chart(noScript, 'Tickets created by channel').locator('svg a').count()).toBe(3);

    await noScript.goto(url('/app/analytics/audit-trails?preset=7d'));
    await expect.poll(() => chart(noScript, 'Audited actions per day').locator('svg[aria-label="Audited actions per day"]').count()).toBe(1);
  });

  it('reads the Chatbot page with JavaScript off, drills down from a day to the conversation logs and exports a chart', async () => {
    await noScript.goto(url('/app/analytics/chatbot?preset=90d'));
    for (const title of ['Conversations per day', 'Answered and unanswered questions per day', 'Top questions', 'Top unanswered questions', 'Subscriber growth']) {
      const figure = chart(noScript, title);
      expect(await figure.locator(`svg[aria-label="${title}"]`).count(), title).toBe(1);
      expect(await figure.locator('figcaption p').textContent()).toMatch(/\w/);
    }
    await expect.poll(() => chart(noScript, 'Responses never used').locator('table').count()).toBe(1);
    // The demo broadcast of three days ago: a stacked bar whose parts lead to its deliveries with that status.
    const broadcasts = chart(noScript, 'Broadcasts and their deliveries');
    await expect.poll(() => broadcasts.locator('svg[aria-label="Broadcasts and their deliveries"]').count()).toBe(1);
    expect(await broadcasts.locator('figcaption p').textContent()).toMatch(/^\d+ broadcasts? sent from .*: \d+ delivered, \d+ failed, \d+ skipped and \d+ not sent/);
    const demoRow = broadcasts.locator('table tbody tr').filter({ hasText: DEMO_BROADCAST });
    // Broadcast, sent on, delivered, failed, skipped, opted out, still queued.
    expect((await demoRow.locator('td').allTextContents()).slice(3)).toEqual(['2', '0', '2', '0']);
    const failedBar = broadcasts.locator(`svg a[aria-label^="${DEMO_BROADCAST}: Failed"]`);
    await expect.poll(() => failedBar.count()).toBe(1);
    expect(await failedBar.getAttribute('href')).toMatch(/^\/app\/chatbot-management\/broadcasts\/[0-9a-f-]{36}\?status=FAILED$/);
    expect(await noScript.getByRole('list', { name: 'Key figures' }).textContent()).toContain('Answered rate');

    // The weekly email of this page's key figures: a plain form, ticked and saved without JavaScript.
    await noScript.getByText(/^Weekly email/).click();
    const me = noScript.getByRole('checkbox', { name: new RegExp(`\\(${DEMO_USERS.admin.email}\\)`) });
    // A React Aria checkbox: ticked through its label.
    if (!(await me.isChecked())) await noScript.getByText(`(${DEMO_USERS.admin.email})`, { exact: false }).click();
    expect(await me.isChecked()).toBe(true);
    // The form posts and comes back to this very address: wait for that page to have loaded before reading it.
    await clickAndLoad(noScript, noScript.getByRole('button', { name: 'Save weekly email' }));
    expect(new URL(noScript.url()).search).toBe('?preset=90d');
    await noScript.getByText(/^Weekly email/).click();
    expect(await me.isChecked()).toBe(true);
    // Whoever else was chosen before (by another file), the summary counts exactly the people ticked.
    const ticked = await noScript.locator('.cas-report-weekly input[name="userId"]:checked').count();
    await expect.poll(() => noScript.getByText(`Weekly email (${ticked} ${ticked === 1 ? 'person' : 'people'})`, { exact: true }).count()).toBe(1);

    const shown = await chart(noScript, 'Top questions').locator('table tbody tr').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    // The export asks for the days on the screen, not the preset again: after midnight it still holds these rows.
    const exportHref = new URL((await noScript.getByRole('link', { name: 'Export Top questions as CSV' }).getAttribute('href'))!, url('/'));
    const shownDays = [await noScript.getByLabel('From', { exact: true }).inputValue(), await noScript.getByLabel('To', { exact: true }).inputValue()];
    expect([exportHref.searchParams.get('from'), exportHref.searchParams.get('to')]).toEqual(shownDays);
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
    const offices = chart(noScript, 'SLA breach rate by office');
    // Each bar is named by its office alone: "Office of the Registrar: Breach rate …", not "Office Office of …".
    const names = await offices.locator('table tbody tr td:first-child').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    const labels = await linkLabels(offices);
    expect(labels).toEqual(names.map((name) => expect.stringMatching(new RegExp(`^${escaped(name)}: Breach rate \\d`))));
    expect(labels.filter((l) => /^(\w+) \1\b/.test(l))).toEqual([]);
    const bar = offices.locator('svg a').first();
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
    const admin = DEMO_USERS.admin.email;
    await noScript.goto(url(`/app/analytics/audit-trails?preset=all&activity=Signed%20in&actor=${encodeURIComponent(admin)}`));
    // Who: the person's name, as the header shows the signed-in administrator — not the address they typed.
    const name = (await noScript.locator('.cas-header__user-text > span').first().textContent())!.trim();
    expect(name).toMatch(/\w \w/);
    const first = noScript.locator('section table tbody tr').first();
    expect(await first.locator('td').nth(1).textContent()).toBe(name);
    await first.locator('td a').first().click();
    await noScript.getByRole('link', { name: 'Back to the audit trail' }).waitFor();
    const facts = noScript.locator('.cas-audit-facts');
    expect(await facts.locator('dt:text-is("Who") + dd').textContent()).toBe(name);
    expect(await facts.locator('dt:text-is("Email") + dd').textContent()).toBe(admin);
    await noScript.getByRole('link', { name: /history \(\d+ entr/ }).click();
    expect(new URL(noScript.url()).searchParams.get('recordId')).toMatch(/^[0-9a-f-]{36}$/);
    await noScript.getByText(/History of record/).waitFor();
    // The record's whole history, drawn per day from its first entry to its last; the days add up to the list.
    const perDay = chart(noScript, 'Audited actions per day');
    await expect.poll(() => perDay.locator('svg[aria-label="Audited actions per day"]').count()).toBe(1);
    expect(await perDay.locator('figcaption p').textContent()).toMatch(/^\d+ audited actions? from \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}\.$/);
    const actions = (await perDay.locator('table tbody tr td:nth-child(2)').allTextContents()).reduce((n, v) => n + Number(v), 0);
    const listed = Number(/^([\d,]+) entr/.exec((await noScript.locator('#audit-list-title').textContent()) ?? '')![1]!.replace(/,/g, ''));
    expect(actions).toBeGreaterThan(0);
    expect(actions).toBe(listed);
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

  it('folds a report’s filters on a phone, shows its key figures as cards, and an audit entry’s changes as a before/after table (issue 33)', async () => {
    const context = await newContext({ javaScriptEnabled: false, width: 390, height: 844 });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/analytics/support?preset=90d'));
    const office = p.getByRole('combobox', { name: 'Office', exact: true });
    expect(await office.isVisible()).toBe(false);
    await p.getByText('Filters', { exact: true }).click();
    await office.selectOption({ index: 1 });
    await Promise.all([p.waitForURL(/officeId=/), p.getByRole('button', { name: 'Show' }).click()]);
    await p.getByText('Filters (1)', { exact: true }).waitFor();
    const cards = p.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBeGreaterThan(0);
    expect(await cards.locator('.cas-pill').count()).toBe(await cards.count());
    for (const path of ['/app/analytics/audit-trails?preset=7d', '/app/analytics/chatbot?preset=90d', '/app/analytics/tickets?preset=90d', '/app/analytics/support?preset=90d']) {
      await p.goto(url(path));
      await p.locator('h1').first().waitFor();
      expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(0);
    }
    // An audited change: a ticket's priority, changed on its page.
    await p.goto(url('/app/support-management/tickets?view=all'));
    await clickAndLoad(p, p.locator('tbody a.cas-ticket-ref').first());
    const priority = p.getByRole('combobox', { name: /^Priority/ });
    const before = await priority.inputValue();
    await priority.selectOption(before === 'urgent' ? 'low' : 'urgent');
    await clickAndLoad(p, p.getByRole('button', { name: 'Save priority and category' }));
    await p.goto(url('/app/analytics/audit-trails?preset=all&activity=Changed%20ticket'));
    await clickAndLoad(p, p.locator('section table tbody tr').first().locator('td a').first());
    const diff = p.getByRole('table', { name: 'Changed fields' });
    await diff.waitFor();
    const row = diff.locator('tbody tr').filter({ has: p.locator('th', { hasText: /^priority$/ }) });
    expect(await row.locator('td del').textContent()).toBe(before);
    expect(await row.locator('td ins').textContent()).toBe(before === 'urgent' ? 'low' : 'urgent');
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
