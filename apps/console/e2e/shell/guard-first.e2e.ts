import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, harness, newContext, signIn, url } from '../support';

/**
 * The registrar holds Campus Management, narrowed by their role to the academic modules: HR records, and every
 * other application, answer with the route guard's refusal — pages and posts alike, before any input is read.
 */
const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

const NOBODY = '00000000-0000-4000-8000-000000000000';

describe('the route guard answers first', () => {
  for (const javaScriptEnabled of [true, false]) {
    it(`refuses the registrar HR's queue of employees' changes (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async () => {
      const context = await newContext({ javaScriptEnabled });
      contexts.push(context);
      const p = await context.newPage();
      await signIn(p, DEMO_USERS.registrar);
      const response = await p.goto(url('/app/campus-management/hr/update-requests-queue'));
      expect(response?.status()).toBe(403);
      expect(await p.textContent('main')).toContain('Your roles in this application do not include this module.');
      expect(await p.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    });
  }

  it("answers the registrar's posts outside their applications and modules with the guard, not the form's problems", async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.registrar);
    const post = (path: string, form: Record<string, string>) =>
      context.request.post(url(path), { form, headers: { origin: harness().consoleUrl }, maxRedirects: 0 });
    expect((await post(`/app/chatbot-management/unanswered/${NOBODY}`, { intent: 'dismiss' })).status()).toBe(401);
    expect((await post(`/app/chatbot-management/unanswered/not-an-id`, { title: '' })).status()).toBe(401);
    expect((await post('/app/campus-management/hr/update-requests-queue', { id: NOBODY, decision: 'approve' })).status()).toBe(403);
    expect((await post('/app/support-management/tickets/new', { subject: '' })).status()).toBe(401);
    expect((await post('/app/chatbot-management/settings', { scoreThreshold: 'x' })).status()).toBe(401);
    // Too many attachments is the form's problem, told only to someone who may file a ticket.
    const many = new FormData();
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'd.txt']) many.append('attachments', new Blob(['x'], { type: 'text/plain' }), name);
    const tooMany = await fetch(url('/app/support-management/tickets/new'), {
      method: 'POST',
      body: many,
      headers: { origin: harness().consoleUrl, cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') },
      redirect: 'manual',
    });
    expect(tooMany.status).toBe(401);
  });
});
