import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';
import { labelled } from '../resources/resource-page';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const ANSWER = 'Parking stickers are issued by the Security Office for 500 pesos a year.';

describe('campus chatbot (issue 12)', () => {
  it('teaches the bot a response, answers it in /chat without JavaScript, and shows the transcript in the logs', async () => {
    const admin = await newContext();
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management/responses/new'));
    await p.getByLabel(labelled('Title')).fill('Parking permits');
    await p.getByLabel(labelled('Questions and keywords')).fill('How do I get a parking permit?\ncar parking sticker');
    await p.getByLabel(labelled('Answer')).fill(ANSWER);
    await p.getByLabel(labelled('Category')).selectOption('GENERAL');
    await Promise.all([p.waitForURL((u) => !u.pathname.endsWith('/new')), p.getByRole('button', { name: 'Create' }).click()]);

    // The responses screen opens on the answer bank with its search; "Try the bot" is a tab of its own: the reply
    // as a chat, then the match, its score and the runner-up.
    await p.goto(url('/app/chatbot-management/responses'));
    const views = p.getByRole('navigation', { name: 'Responses views' });
    await expect.poll(() => views.getByRole('link', { name: 'Answer bank' }).getAttribute('aria-current')).toBe('page');
    expect(await p.getByRole('searchbox').or(p.getByRole('textbox', { name: /Search chatbot responses/i })).count()).toBeGreaterThan(0);
    await Promise.all([p.waitForURL(/view=try/), views.getByRole('link', { name: 'Try the bot' }).click()]);
    await p.getByLabel('Message').fill('where do I get a parking sticker for my car');
    await p.getByRole('button', { name: 'Ask' }).click();
    const tried = p.getByTestId('try-result');
    await expect.poll(() => tried.textContent()).toContain('Parking permits (score');
    expect(await p.getByRole('list', { name: 'Preview conversation' }).textContent()).toContain(ANSWER);

    // A visitor without JavaScript: the form posts and the page shows the conversation.
    const visitor = await newContext({ javaScriptEnabled: false });
    contexts.push(visitor);
    const chat = await visitor.newPage();
    await chat.goto(url('/chat'));
    await chat.getByRole('heading', { name: 'Chat with Iska' }).waitFor();
    await chat.getByLabel('Your message').fill('How can I get a car parking sticker? my number is 0917-555-1234');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    const log = chat.getByRole('list', { name: 'Conversation' });
    await expect.poll(() => log.textContent()).toContain(ANSWER);
    expect(await log.textContent()).toContain('my number is [phone]');
    await chat.getByLabel('Your message').fill('Is there a bowling alley on campus?');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => log.getByRole('listitem').count()).toBe(5);
    expect(await log.getByRole('listitem').last().textContent()).toContain('I have passed your question to the Registrar');

    // With JavaScript the same page answers without a full reload.
    const scripted = await newContext();
    contexts.push(scripted);
    const live = await scripted.newPage();
    await live.goto(url('/chat'));
    await live.getByLabel('Your message').fill('When is enrolment?');
    await live.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => live.getByRole('list', { name: 'Conversation' }).textContent()).toContain('Enrolment for the first semester runs from 3 to 14 August');

    // The unanswered question waits in the responses screen's second tab, with a compact dismiss; the transcript is
    // in the logs.
    await p.goto(url('/app/chatbot-management/responses'));
    await Promise.all([p.waitForURL(/view=unanswered/), p.getByRole('navigation', { name: 'Responses views' }).getByRole('link', { name: /^Unanswered/ }).click()]);
    await p.getByRole('region', { name: /Unanswered questions/ }).getByText('Is there a bowling alley on campus?').waitFor();
    expect(await p.getByRole('button', { name: 'Dismiss “Is there a bowling alley on campus?”' }).count()).toBe(1);
    await p.goto(url('/app/chatbot-management/logs?q=bowling'));
    await p.getByRole('status').filter({ hasText: '1 conversation' }).waitFor();
    await p.getByRole('table').getByRole('link').first().click();
    const transcript = p.getByRole('list', { name: 'Transcript' });
    await expect.poll(() => transcript.textContent()).toContain(ANSWER);
    expect(await transcript.textContent()).toContain('fallback (unanswered)');
  });

  it('composes a broadcast to chosen subscribers, sends it, and shows each delivery with its status', async () => {
    const admin = await newContext();
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    // Compose a broadcast to chosen subscribers: the recipient count and the message as the first of them reads it.
    // The audience comes first and only its picker shows; the count follows the choice live.
    await p.goto(url('/app/chatbot-management/broadcast'));
    const count = p.getByTestId('live-count');
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toMatch(/^[\d,]+ recipients? now/);
    expect(await p.getByLabel(/^Subscribers\*?$/).count()).toBe(0);
    await p.getByLabel('Audience').selectOption('CUSTOM');
    const chosen = p.getByLabel(/^Subscribers\*?$/);
    expect(await p.getByLabel(/^Campuses\*?$/).count()).toBe(0);
    const first = (await chosen.locator('option').first().textContent()) ?? '';
    await chosen.selectOption({ index: 0 });
    await expect.poll(() => count.textContent(), { timeout: 15_000 }).toMatch(/^1 recipient now · 1 with an email address/);
    await p.getByLabel('Message').fill('Hello [[first_name]], enrolment starts on 3 August.');
    await p.getByRole('button', { name: 'Preview recipients' }).click();
    const recipients = p.getByRole('region', { name: 'Recipients' }).getByRole('status');
    await expect.poll(() => recipients.textContent()).toMatch(/^1 recipient \(1 with an email address\); 0 opted out and skipped\.$/);
    const firstName = first.split(',')[1]!.trim().split(' <')[0];
    expect(await p.locator('blockquote').textContent()).toBe(`Hello ${firstName}, enrolment starts on 3 August.`);

    // Save it, send it, and see one delivery per recipient and channel with its status.
    await p.getByLabel('Subject').fill('Enrolment reminder');
    await Promise.all([p.waitForURL(/\/broadcasts\/[0-9a-f-]{36}$/), p.getByRole('button', { name: 'Save draft' }).click()]);
    await p.getByRole('heading', { name: 'Enrolment reminder' }).waitFor();
    // The schedule picker previews the next runs in the time zone it shows.
    await p.getByLabel(/^Send\*?$/).selectOption('WEEKLY');
    await p.getByLabel('Day of the week (weekly)').selectOption('1');
    await p.getByLabel(/^Time\*?$/).fill('07:30');
    await p.getByRole('button', { name: 'Preview next runs' }).click();
    await expect.poll(() => p.getByRole('list', { name: 'Next runs of this schedule' }).locator('li').count()).toBe(5);
    await expect.poll(() => p.getByRole('status').filter({ hasText: 'Every Monday at 07:30 (Asia/Manila)' }).count()).toBe(1);
    await p.getByRole('button', { name: 'Send', exact: true }).click();
    const deliveries = p.getByRole('table');
    await expect.poll(async () => {
      await p.reload();
      return deliveries.locator('tbody td[data-label="Status"]').filter({ hasText: /^Sent$/ }).count();
    }, { timeout: 30_000 }).toBe(2);
    expect(await deliveries.textContent()).toContain('Web chat inbox');
    await p.getByRole('definition').filter({ hasText: 'Sent' }).first().waitFor();
    // Delivery progress: one full-width bar with sent, skipped and failed.
    expect(await p.getByRole('progressbar', { name: 'Deliveries done' }).getAttribute('aria-valuetext')).toBe('2 of 2 done: 2 sent, 0 skipped, 0 failed');
    await p.getByLabel('Channel').selectOption('EMAIL');
    await p.getByRole('button', { name: 'Filter' }).click();
    await p.getByRole('status').filter({ hasText: '1 delivery' }).waitFor();
    await p.goto(url('/app/chatbot-management/broadcasts'));
    await p.getByRole('link', { name: 'Enrolment reminder' }).waitFor();
  }, 120_000);

  it('imports responses from a CSV through the Import link of the responses list', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management/responses'));
    await Promise.all([p.waitForURL(/\/app\/migrations\/uploader\?resource=chatbot-responses$/), p.getByRole('link', { name: 'Import', exact: true }).click()]);
    const stamp = String(Date.now()).slice(-6);
    const csv = [
      'title,questions,answer,category,officeCode,reviewBy',
      `Dormitory curfew ${stamp},"What time is the dormitory curfew?\ndorm curfew",Residents are in by 22:00.,GENERAL,,2027-06-30`,
      `Bad category ${stamp},Is this imported?,No.,SPORTS,,`,
    ].join('\r\n');
    await p.getByLabel('File (CSV or XLSX)').setInputFiles({ name: `responses-${stamp}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await p.getByRole('button', { name: 'Upload' }).click();
    await p.getByRole('table', { name: 'Column matching' }).waitFor();
    await p.getByRole('button', { name: 'Run', exact: true }).click();
    await p.getByText('Completed', { exact: true }).first().waitFor({ timeout: 30_000 });
    expect(await p.getByLabel('Run figures').textContent()).toMatch(/Read\s*2\s*Created\s*1\s*Updated\s*0\s*Rejected\s*1/);
    await p.goto(url(`/app/chatbot-management/responses?q=${stamp}`));
    await p.getByRole('link', { name: `Dormitory curfew ${stamp}` }).waitFor();
  }, 120_000);

  it('filters the chat audit logs by persona', async () => {
    const admin = await newContext();
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management/logs'));
    const all = Number(/(\d+) conversation/.exec((await p.getByRole('status').filter({ hasText: 'conversation' }).textContent()) ?? '')?.[1]);
    expect(all).toBeGreaterThan(0);
    // Every demo conversation is with Iska; none with the Office of the Registrar, which signs broadcasts.
    await p.getByLabel('Persona').selectOption({ label: 'Iska' });
    await Promise.all([p.waitForURL(/persona=/), p.getByRole('button', { name: 'Filter' }).click()]);
    await p.getByRole('status').filter({ hasText: `${all} conversation` }).waitFor();
    await p.getByLabel('Persona').selectOption({ label: 'Office of the Registrar' });
    await Promise.all([p.waitForURL(/persona=/), p.getByRole('button', { name: 'Filter' }).click()]);
    await p.getByRole('status').filter({ hasText: '0 conversations' }).waitFor();
    expect(await p.getByRole('alert').count()).toBe(0);
  });
});
