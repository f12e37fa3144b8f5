import { createServer, type Server } from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../harness';
import { DEMO_USERS, latestMailedCode, newContext, settled, signIn, url } from '../support';

const REQUESTER = 'private.page@student.example.edu';
const contexts: BrowserContext[] = [];
let privatePath = '';
let reference = '';

async function open(javaScriptEnabled: boolean): Promise<Page> {
  const context = await newContext({ javaScriptEnabled });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(url(privatePath));
  if (javaScriptEnabled) await settled(page);
  return page;
}

// The private page sends `Referrer-Policy: no-referrer` (its address is the requester's key), so the browser posts
// its forms with `Origin: null`: the page must still take them, and a post from another site must still be refused.
describe('the requester’s private page', () => {
  beforeAll(async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const form = await context.newPage();
    await form.goto(url('/support'));
    // Without JavaScript the category is chosen first; the form for it follows.
    await form.getByLabel(/What is it about/).selectOption({ label: 'IT Services — Wi-Fi and network' });
    await form.getByRole('button', { name: 'Continue' }).click();
    await form.waitForURL(/category=/);
    await form.getByLabel(/Your name/).fill('Teresa Magbanua');
    await form.getByLabel(/^Email/).fill(REQUESTER);
    await form.getByLabel(/^Subject/).fill('No Wi-Fi in the library annex');
    await form.getByLabel(/Your message/).fill('The annex has had no signal since Monday.');
    await form.getByRole('button', { name: 'Send request' }).click();
    reference = /SUP-\d{6}/.exec((await form.getByRole('status').textContent()) ?? '')![0];
    privatePath = await latestMailedCode(REQUESTER, new RegExp(reference), /(\/support\/t\/[A-Za-z0-9_-]+)/);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
  });

  it.each([
    ['without JavaScript', false],
    ['with JavaScript', true],
  ])('takes the requester’s reply %s', async (_how, javaScriptEnabled) => {
    const page = await open(javaScriptEnabled);
    expect(await page.locator('meta[name="referrer"]').getAttribute('content')).toBe('no-referrer');
    const text = `Still no signal (${javaScriptEnabled ? 'on' : 'off'}).`;
    await page.getByLabel('Your reply').fill(text);
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page.getByRole('status').filter({ hasText: 'Your reply was sent.' }).waitFor();
    // Opened afresh (a reload would post the form again): the reply is in the thread, once.
    await page.goto(url(privatePath));
    await page.getByText(text).waitFor();
    await expect.poll(() => page.getByText(text).count()).toBe(1);
  });

  it('takes the rating without JavaScript once the request is resolved', async () => {
    const agent = await newContext({ javaScriptEnabled: false });
    contexts.push(agent);
    const desk = await agent.newPage();
    await signIn(desk, DEMO_USERS.admin);
    await desk.goto(url(`/app/support-management/tickets?view=all&q=library%20annex`));
    await desk.getByRole('link', { name: reference }).click();
    await desk.getByLabel('Move to').selectOption('resolved');
    await desk.getByRole('button', { name: 'Change state' }).click();
    await desk
      .getByRole('complementary', { name: 'Ticket details' })
      .locator('.cas-kv__item', { has: desk.locator('dt', { hasText: /^State$/ }) })
      .locator('dd', { hasText: /^Resolved$/ })
      .waitFor();

    const page = await open(false);
    await page.getByRole('radio', { name: '5' }).check();
    await page.getByLabel('Comment').fill('Fixed the same day.');
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.getByRole('status').filter({ hasText: 'Thank you for your rating.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Send rating' }).count()).toBe(0);
  });

  describe('a post from another site', () => {
    let site: Server;
    let siteUrl: string;

    beforeAll(async () => {
      const port = await freePort();
      // localhost is another site than the console's 127.0.0.1; the page hides its origin as the private page does.
      siteUrl = `http://localhost:${port}/`;
      site = createServer((_request, response) => {
        response.setHeader('content-type', 'text/html; charset=utf-8');
        response.end(`<!doctype html><meta name="referrer" content="no-referrer"><title>Survey</title>
          <form method="post" action="${url(privatePath)}">
            <input type="hidden" name="intent" value="reply"><input type="hidden" name="body" value="Forged from another site.">
            <button type="submit">Take the survey</button>
          </form>`);
      });
      await new Promise<void>((done) => site.listen(port, '127.0.0.1', done));
    });

    afterAll(() => new Promise<void>((done) => site.close(() => done())));

    it('is refused with 403 in a real browser, though it too comes with Origin: null', async () => {
      const context = await newContext({ javaScriptEnabled: false });
      contexts.push(context);
      const page = await context.newPage();
      await page.goto(siteUrl);
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().startsWith(url(privatePath)) && r.request().method() === 'POST'),
        page.getByRole('button', { name: 'Take the survey' }).click(),
      ]);
      expect(response.status()).toBe(403);
      expect(await response.request().headerValue('origin')).toBe('null');
      const thread = await open(false);
      expect(await thread.getByText('Forged from another site.').count()).toBe(0);
    });

    it.each([
      ['Origin: null from another site', { origin: 'null', 'sec-fetch-site': 'cross-site' }],
      ['Origin: null from a sibling site', { origin: 'null', 'sec-fetch-site': 'same-site' }],
      ['Origin: null with nothing to tell where it came from', { origin: 'null' }],
    ])('is refused with 403: %s', async (_name, headers) => {
      const response = await fetch(url(privatePath), {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'intent=reply&body=Forged',
      });
      expect(response.status).toBe(403);
    });
  });
});
