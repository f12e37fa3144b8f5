import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** The ticket's SLA pill beside its title. */
const badge = (p: Page) => p.locator('.cas-record__pills [data-sla]').first();
/** Waits until the ticket's side panel shows `value` for `label`. */
const detail = (p: Page, label: string, value: string) =>
  p
    .getByRole('complementary', { name: 'Ticket details' })
    .locator('.cas-kv__item')
    .filter({ has: p.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd', { hasText: new RegExp(`^${value}$`) })
    .waitFor();

describe('help desk (issue 18)', () => {
  it('takes a request on the public form without JavaScript, and an agent answers, parks and resolves it', async () => {
    const requester = await newContext({ javaScriptEnabled: false });
    contexts.push(requester);
    const form = await requester.newPage();
    await form.goto(url('/support'));
    // Without JavaScript the category comes first, on a page of its own; the form then asks only for its details.
    expect(await form.getByLabel(/Your name/).count()).toBe(0);
    await form.getByLabel(/What is it about/).selectOption({ label: 'Registrar — Transcript of Records' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.waitForURL(/category=/);
    expect(await form.getByLabel('Official receipt number').count()).toBe(0);
    await form.getByLabel(/Your name/).fill('Maria Clara Santos');
    await form.getByLabel(/^Email/).fill('maria.clara@student.example.edu');
    await form.getByLabel('Student number').fill('2023-00042');
    await form.getByLabel('Copies').fill('2');
    await form.getByLabel(/^Subject/).fill('Transcript for my scholarship application');
    await form.getByLabel(/Your message/).fill('I need two copies before Friday.');
    await form.getByRole('button', { name: 'Send request' }).click();
    const received = await form.getByRole('status').textContent();
    const reference = /SUP-\d{6}/.exec(received ?? '')?.[0];
    expect(reference).toBeDefined();

    const agent = await newContext({ javaScriptEnabled: false });
    contexts.push(agent);
    const p = await agent.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/tickets?view=team'));
    await p.getByRole('link', { name: reference! }).click();
    await p.getByRole('heading', { name: new RegExp(reference!) }).waitFor();
    expect(await badge(p).textContent()).toBe('SLA: On time');

    await p.getByRole('link', { name: 'Use “Received”' }).click();
    expect(await p.getByLabel('Message').inputValue()).toContain(`Hello Maria Clara Santos, we have your request ${reference}`);
    await p.getByRole('button', { name: 'Send reply' }).click();
    await p.getByRole('list', { name: 'Conversation' }).getByRole('article', { name: /^Ramon Bautista\s*Agent/ }).waitFor();

    await p.getByLabel('Move to').selectOption('pending');
    await p.getByRole('button', { name: 'Change state' }).click();
    await detail(p, 'State', 'Pending');
    expect(await badge(p).textContent()).toBe('SLA: Paused');

    await p.getByLabel('Move to').selectOption('resolved');
    await p.getByRole('button', { name: 'Change state' }).click();
    await detail(p, 'State', 'Resolved');
    expect(await badge(p).textContent()).toBe('SLA: Met');
  });

  it('shows the categoriesV2 tree with inherited values and the unmapped v1 categories', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/categoriesV2'));
    const tree = p.getByRole('region', { name: 'Tree and inherited values' });
    const row = tree.getByRole('row', { name: /Transcript of Records/ });
    expect(await row.textContent()).toContain('Records Desk (inherited from Registrar)');
    expect(await tree.textContent()).toMatch(/not mapped to a v2 category:\s*Others/);
    await p.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Tickets' }).click();
    await p.getByRole('heading', { name: 'Tickets' }).waitFor();
  });
});

describe('an agent at the console', () => {
  it('gets a refused new ticket back as typed, with the spec’s notice and each problem beside its field (no JavaScript)', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/tickets'));
    await p.getByRole('link', { name: 'New ticket' }).click();
    // Without JavaScript the category comes first; the form then asks only for its details.
    await p.getByLabel(/^Category/).selectOption({ label: 'Registrar › Transcript of Records' });
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByLabel(/^Requester name/).fill('Andres Mabini');
    await p.getByLabel(/^Requester email/).fill('andres.mabini@student.example.edu');
    await p.getByLabel(/^Copies\*?$/).fill('3');
    await p.getByLabel(/^Message/).fill('Needs three copies.');
    await p.getByRole('button', { name: 'Create ticket' }).click();
    const notice = p.getByRole('alert').filter({ hasText: 'Validation Error' });
    expect(await notice.textContent()).toContain('Please fillup required fields.');
    const subject = p.getByLabel(/^Subject/);
    expect(await subject.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await subject.getAttribute('aria-describedby')) ?? '';
    expect(await p.locator(describedBy.split(' ').map((id) => `[id="${id}"]`).join(', ')).allTextContents()).toContain('Required');
    expect(await p.getByLabel(/^Requester name/).inputValue()).toBe('Andres Mabini');
    expect(await p.getByLabel(/^Message/).inputValue()).toBe('Needs three copies.');
    expect(await p.getByLabel(/^Copies\*?$/).inputValue()).toBe('3');
    expect(await p.getByLabel(/^Category/).locator('option:checked').textContent()).toBe('Registrar › Transcript of Records');

    // Too many files are refused before anything travels on, and what was typed stays.
    await p.getByLabel(/^Subject/).fill('Three copies');
    const slip = (n: number) => ({ name: `slip-${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Slip ${n}`) });
    await p.getByLabel(/^Attachments/).setInputFiles([1, 2, 3, 4].map(slip));
    await p.getByRole('button', { name: 'Create ticket' }).click();
    expect(await p.locator('#attachments-error').textContent()).toBe('At most 3 files.');
    expect(await p.getByLabel(/^Subject/).inputValue()).toBe('Three copies');
  });


  it('files a ticket with an attachment for a walk-in, changes its priority, transfers and merges it', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    const file = (subject: string) => async () => {
      await p.goto(url('/app/support-management/tickets'));
      await p.getByRole('link', { name: 'New ticket' }).click();
      await p.getByLabel(/^Category/).selectOption({ label: 'Registrar › Transcript of Records' });
      await p.getByRole('button', { name: 'Continue' }).click();
      await p.getByLabel(/^Requester name/).fill('Andres Mabini');
      await p.getByLabel(/^Requester email/).fill('andres.mabini@student.example.edu');
      await p.getByLabel(/^Student number\*?$/).fill('2023-00077');
      await p.getByLabel(/^Copies\*?$/).fill('1');
      await p.getByLabel(/^Subject/).fill(subject);
      await p.getByLabel(/^Message/).fill('Walked in at the window; needs one copy.');
      await p.getByLabel(/^Attachments/).setInputFiles({ name: 'request-slip.txt', mimeType: 'text/plain', buffer: Buffer.from('Request slip 0042') });
      await p.getByRole('button', { name: 'Create ticket' }).click();
      await p.getByRole('heading', { name: new RegExp(subject) }).waitFor();
      return /SUP-\d{6}/.exec((await p.getByRole('heading', { level: 1 }).textContent()) ?? '')![0];
    };
    const first = await file('Walk-in transcript request')();

    // The attachment downloads as it was stored.
    const [download] = await Promise.all([p.waitForEvent('download'), p.getByRole('link', { name: 'request-slip.txt' }).click()]);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('Request slip 0042');

    await p.getByRole('combobox', { name: /^Priority/ }).selectOption('urgent');
    await p.getByRole('button', { name: 'Save priority and category' }).click();
    await detail(p, 'Priority', 'Urgent');

    await p.getByRole('combobox', { name: /^Team/ }).selectOption({ label: 'IT Helpdesk' });
    await p.getByRole('button', { name: 'Transfer' }).click();
    await detail(p, 'Team', 'IT Helpdesk');

    // A second ticket from the same requester is merged into the first; the first keeps both threads.
    await file('Second walk-in transcript request')();
    await p.getByLabel('Merge into ticket (reference)').fill(first);
    await p.getByRole('button', { name: 'Merge' }).click();
    await p.getByRole('heading', { name: new RegExp(first) }).waitFor();
    expect(await p.getByText('from SUP-').count()).toBeGreaterThan(0);
  });
});

describe('the ticket queue and page on the design system (issue 33)', () => {
  it('shows on the public form only the chosen category’s intake fields, and switches them with JavaScript keeping what was typed', async () => {
    const context = await newContext({});
    contexts.push(context);
    const form = await context.newPage();
    await form.goto(url('/support'));
    // Once the page runs its script, choosing a category is enough: no "Continue" step.
    await expect.poll(() => form.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    await form.getByLabel(/What is it about/).selectOption({ label: 'Registrar — Transcript of Records' });
    await form.getByLabel('Copies').waitFor();
    expect(await form.getByLabel('Official receipt number').count()).toBe(0);
    await form.getByLabel(/Your name/).fill('Jose Rizal');
    await form.getByLabel(/What is it about/).selectOption({ label: 'Cashier — Payments and refunds' });
    await form.getByLabel('Official receipt number').waitFor();
    expect(await form.getByLabel('Copies').count()).toBe(0);
    expect(await form.getByLabel(/Your name/).inputValue()).toBe('Jose Rizal');
    expect(new URL(form.url()).search).toBe('');
  });

  it('keeps the queue’s agent filter in the address and lists only that agent’s tickets', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/tickets?view=all'));
    const agent = p.getByRole('combobox', { name: 'Agent' });
    const name = (await agent.locator('option').nth(1).textContent())!.trim();
    await agent.selectOption({ index: 1 });
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.waitForURL(/assigneeId=/);
    const agents = await p.locator('tbody td[data-label="Agent"]').allTextContents();
    expect(new Set(agents).size).toBeLessThanOrEqual(1);
    if (agents.length) expect(agents[0]).toBe(name);
    expect(await p.getByRole('combobox', { name: 'Agent' }).locator('option:checked').textContent()).toBe(name);
  });

  it('folds the queue’s filters on a phone, filters by team without JavaScript, and keeps references on one line', async () => {
    const context = await newContext({ javaScriptEnabled: false, width: 390, height: 844 });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/tickets?view=all'));
    const team = p.getByRole('combobox', { name: 'Team' });
    expect(await team.isVisible()).toBe(false);
    await p.getByText('Filters', { exact: true }).click();
    await team.selectOption({ label: 'IT Helpdesk' });
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.waitForURL(/teamId=/);
    await p.getByText('Filters (1)', { exact: true }).waitFor();
    const teams = await p.locator('tbody td[data-label="Team"]').allTextContents();
    expect(teams.length).toBeGreaterThan(0);
    expect(new Set(teams)).toEqual(new Set(['IT Helpdesk']));
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    const reference = p.locator('tbody a.cas-ticket-ref').first();
    const box = await reference.evaluate((a) => ({ height: a.getBoundingClientRect().height, line: parseFloat(getComputedStyle(a).lineHeight) }));
    expect(box.height).toBeLessThan(box.line * 1.5);
    expect(await reference.textContent()).toMatch(/^SUP-\d{6}$/);
  });

  it('shows a running ticket’s due time with its zone in the queue, and takes an internal note with a file on its page without JavaScript', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/support-management/tickets?view=all&sla=ok'));
    const due = p.locator('tbody td[data-label="Due"] time.cas-due').first();
    expect(await due.textContent()).toMatch(/^due in /);
    expect(await due.getAttribute('title')).toMatch(/PHT$/);
    await p.locator('tbody a.cas-ticket-ref').first().click();
    const details = p.getByRole('complementary', { name: 'Ticket details' });
    await expect.poll(() => details.getByRole('heading', { name: 'SLA' }).count()).toBe(1);
    expect(await details.locator('time.cas-due').first().textContent()).toMatch(/^(due in|overdue by) .+ · .+ PHT$/);
    // Too many files: refused beside the drop zone, the message kept as typed.
    await p.getByLabel('Message').fill('Four slips attached.');
    await p.getByLabel(/^Attachments/).setInputFiles([1, 2, 3, 4].map((n) => ({ name: `slip-${n}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`slip ${n}`) })));
    await p.getByRole('button', { name: 'Send reply' }).click();
    await p.locator('.cas-file-drop').locator('xpath=..').locator('.cas-field__error', { hasText: 'At most 3 files.' }).waitFor();
    expect(await p.getByLabel(/^Attachments/).getAttribute('aria-invalid')).toBe('true');
    expect(await p.getByLabel('Message').inputValue()).toBe('Four slips attached.');

    await p.getByLabel('Message').fill('Checked the registrar’s hold list.');
    await p.getByLabel(/^Attachments/).setInputFiles({ name: 'hold-list.txt', mimeType: 'text/plain', buffer: Buffer.from('hold list') });
    await p.getByRole('button', { name: 'Add internal note' }).click();
    const note = p.getByRole('list', { name: 'Conversation' }).locator('li[data-kind="note"]').filter({ hasText: 'Checked the registrar’s hold list.' });
    await note.waitFor();
    await expect.poll(() => note.getByText('Internal note').count()).toBe(1);
    await expect.poll(() => note.getByRole('link', { name: 'hold-list.txt' }).count()).toBe(1);
  });
});
