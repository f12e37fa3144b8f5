import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, latestMailedCode, newContext, settled, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

/** A demo student subscriber who received the seeded broadcast in the web chat (any one not opted out). */
async function demoRecipient(): Promise<{ email: string; firstName: string }> {
  const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signedIn.status !== 200) throw new Error('admin sign-in failed');
  const admin = apiClient(signedIn.body.data.token);
  // Oldest first: the seed's subscribers, not one another file added after the broadcast (the default order is by name).
  const list = await admin.resource('chatbot-subscribers').list({ limit: 100, sort: 'createdAt' });
  if (list.status !== 200) throw new Error('subscribers not listed');
  const found = list.body.rows.find((r) => typeof r.email === 'string' && Array.isArray(r.kinds) && r.kinds.includes('STUDENT') && !r.optedOutAt);
  if (!found) throw new Error('no demo student subscriber');
  return { email: String(found.email), firstName: String(found.firstName) };
}

describe('the web chat: who the visitor is', () => {
  it('confirms the address with the emailed code, shows the messages sent there, and takes STOP and START (no JavaScript)', async () => {
    const recipient = await demoRecipient();
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const chat = await context.newPage();
    await chat.goto(url('/chat'));
    await chat.getByLabel('Your email address').fill(recipient.email);
    await chat.getByRole('button', { name: 'Send me a code' }).click();
    await chat.getByText('If the address belongs to a subscriber, we sent a code to it.').waitFor();
    const code = await latestMailedCode(recipient.email, /campus chat code/i, /chat code is (\d{6})/);
    await chat.getByLabel('Code from the email').fill(code === '000000' ? '000001' : '000000');
    await chat.getByRole('button', { name: 'Confirm' }).click();
    expect(await chat.getByRole('alert').textContent()).toBe('The code is not valid or has expired. Ask for a new one.');
    await chat.getByLabel('Code from the email').fill(code);
    await chat.getByRole('button', { name: 'Confirm' }).click();
    await chat.getByRole('heading', { name: 'Messages for you' }).waitFor();
    await expect.poll(() => chat.getByText(`You confirmed you are ${recipient.firstName}.`).count()).toBe(1);
    await expect.poll(() => chat.getByText(`Good day, ${recipient.firstName}. Enrolment for the second semester opens on Monday.`, { exact: false }).count()).toBe(1);

    await chat.getByLabel('Your message').fill('STOP');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.getByText('You will receive no more broadcasts from us. Type START to receive them again.').waitFor();
    await chat.getByLabel('Your message').fill('START');
    await chat.getByRole('button', { name: 'Send', exact: true }).click();
    await chat.getByText('You will receive our broadcasts again. Type STOP to stop them.').waitFor();

    await chat.getByRole('button', { name: 'Forget me on this device' }).click();
    await chat.getByRole('button', { name: 'Send me a code' }).waitFor();
    expect(await chat.getByRole('heading', { name: 'Messages for you' }).count()).toBe(0);
  });
});

describe.each([
  { javaScript: true, label: 'JavaScript on' },
  { javaScript: false, label: 'JavaScript off' },
])('the web chat remembers the visitor ($label)', ({ javaScript }) => {
  it('keeps the whole conversation across a reload and confirms the address with the emailed code', async () => {
    const recipient = await demoRecipient();
    const context = await newContext({ javaScriptEnabled: javaScript });
    contexts.push(context);
    const chat = await context.newPage();
    // With JavaScript, wait for hydration and Remix's revalidation; without, the document is all there is.
    const ready = () => (javaScript ? settled(chat) : chat.waitForLoadState('load'));
    await chat.goto(url('/chat'));
    await ready();
    const log = chat.getByRole('list', { name: 'Conversation' });
    const ask = async (question: string, items: number) => {
      await chat.getByLabel('Your message').fill(question);
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => log.getByRole('listitem').count(), { timeout: 10_000 }).toBe(items);
      await ready();
    };
    // The greeting, then a question and its answer each time.
    await ask('When is enrolment?', 3);
    await ask('How do I pay my fees?', 5);

    // Opened again (a reload; without JavaScript the page on screen is a POST's answer, so it is opened afresh).
    await chat.goto(url('/chat'));
    await ready();
    expect(await log.getByRole('listitem').count()).toBe(5);
    const kept = (await log.textContent()) ?? '';
    expect(kept).toContain('When is enrolment?');
    expect(kept).toContain('How do I pay my fees?');

    await chat.getByLabel('Your email address').fill(recipient.email);
    await chat.getByRole('button', { name: 'Send me a code' }).click();
    await chat.getByText('If the address belongs to a subscriber, we sent a code to it.').waitFor();
    const code = await latestMailedCode(recipient.email, /campus chat code/i, /chat code is (\d{6})/);
    await chat.getByLabel('Code from the email').fill(code);
    await chat.getByRole('button', { name: 'Confirm' }).click();
    await chat.getByRole('heading', { name: 'Messages for you' }).waitFor();
    await expect.poll(() => chat.getByText(`You confirmed you are ${recipient.firstName}.`).count()).toBe(1);

    // Confirmed in this conversation: a reload still knows the visitor and still shows what they asked.
    await chat.goto(url('/chat'));
    await ready();
    await chat.getByRole('heading', { name: 'Messages for you' }).waitFor();
    expect(await log.textContent()).toContain('How do I pay my fees?');
    await chat.getByRole('button', { name: 'Forget me on this device' }).click();
    await chat.getByRole('button', { name: 'Send me a code' }).waitFor();
  });
});

for (const javaScript of [false, true]) {
  describe(`the web chat says what is wrong beside the field ('JavaScript ${javaScript ? 'on' : 'off'}')`, () => {
    it('refuses a blank message and an address that is not one in the contract’s words, keeps the address typed, and clears both once a message goes', async () => {
      const context = await newContext({ javaScriptEnabled: javaScript });
      contexts.push(context);
      const chat = await context.newPage();
      const ready = () => (javaScript ? settled(chat) : chat.waitForLoadState('load'));
      await chat.goto(url('/chat'));
      await ready();
      await chat.getByLabel('Your message').fill('   ');
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      await chat.getByRole('alert').filter({ hasText: 'Type a message.' }).waitFor();
      expect(await chat.getByLabel('Your message').getAttribute('aria-invalid')).toBe('true');
      await ready();

      await chat.getByLabel('Your email address').fill('juan.dela.cruz');
      await chat.getByRole('button', { name: 'Send me a code' }).click();
      await chat.getByRole('alert').filter({ hasText: 'Enter a valid email address.' }).waitFor();
      await ready();
      expect(await chat.getByLabel('Your email address').inputValue()).toBe('juan.dela.cruz');
      expect(await chat.getByText('Type a message.').count()).toBe(0);

      await chat.getByLabel('Your message').fill('When is enrolment?');
      await chat.getByRole('button', { name: 'Send', exact: true }).click();
      const log = chat.getByRole('list', { name: 'Conversation' });
      await expect.poll(() => log.getByRole('listitem').count(), { timeout: 10_000 }).toBe(3);
      await ready();
      expect(await chat.getByRole('alert').count()).toBe(0);
    });
  });
}
