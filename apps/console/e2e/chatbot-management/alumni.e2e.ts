import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe('chatbot alumni and uploaded audience lists', () => {
  it('lists the alumni segment and reaches the alumni who consented from the broadcast composer (no JavaScript)', async () => {
    const admin = await newContext({ javaScriptEnabled: false });
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management'));
    await Promise.all([
      p.waitForURL((u) => u.pathname === '/app/chatbot-management/alumni'),
      p.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Alumni' }).click(),
    ]);
    await p.getByRole('heading', { level: 1, name: 'Alumni' }).waitFor();
    await expect.poll(() => p.getByRole('cell', { name: 'BS Civil Engineering', exact: true }).count()).toBe(1);

    // Thirteen demo alumni with their alumni consent standing (one withdrew it) and Teresa Magbanua, alumna and guardian.
    await p.goto(url('/app/chatbot-management/broadcast'));
    await p.getByLabel('Message').fill('Homecoming is on 12 December, [[first_name]].');
    await p.getByRole('button', { name: 'Add the alumni who consented' }).click();
    await p.getByText('14 recipients (14 with an email address); 0 opted out and skipped.').waitFor();
    expect(await p.getByLabel('Audience').inputValue()).toBe('CUSTOM');
    expect(await p.getByLabel(/^Subscribers\*?$/).locator('option:checked').count()).toBe(14);
  });

  it('gets a refused draft back as typed, with the spec’s notice and each problem beside its field (no JavaScript)', async () => {
    const admin = await newContext({ javaScriptEnabled: false });
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management/broadcast'));
    // The audience first: without JavaScript "Choose" opens the form again with that audience's picker only,
    // keeping what was typed.
    await p.getByLabel('Subject').fill('Homecoming');
    await p.getByLabel('Message').fill('See you at homecoming, [[first_name]].');
    expect(await p.getByLabel(/^Subscribers\*?$/).count()).toBe(0);
    await p.getByLabel('Audience').selectOption('CUSTOM');
    await Promise.all([p.waitForURL(/audience=CUSTOM/), p.getByRole('button', { name: 'Choose', exact: true }).click()]);
    expect(await p.getByLabel(/^Subscribers\*?$/).count()).toBe(1);
    expect(await p.getByLabel(/^Campuses\*?$/).count()).toBe(0);
    expect(await p.getByLabel('Subject').inputValue()).toBe('Homecoming');
    // Chosen subscribers, none chosen: the browser lets it through, the contract's schema does not.
    await p.getByRole('button', { name: 'Save draft' }).click();
    const notice = p.getByRole('alert').filter({ hasText: 'Validation Error' });
    expect(await notice.textContent()).toContain('Please fillup required fields.');
    expect(await p.locator('#ids-error').textContent()).toBe('Required');
    expect(await p.getByLabel('Subject').inputValue()).toBe('Homecoming');
    expect(await p.getByLabel('Message').inputValue()).toBe('See you at homecoming, [[first_name]].');
    expect(await p.getByLabel('Audience').inputValue()).toBe('CUSTOM');
    expect(await p.getByRole('checkbox', { name: 'Email' }).isChecked()).toBe(true);

    // A placeholder the templates do not know is named beside the message.
    await p.getByLabel(/^Subscribers\*?$/).selectOption({ index: 0 });
    await p.getByLabel('Message').fill('See you, [[nickname]].');
    await p.getByRole('button', { name: 'Save draft' }).click();
    expect(await p.locator('#message-error').textContent()).toMatch(/^Unknown placeholder \[\[nickname\]\]\. Use /);
    expect(await p.getByLabel('Subject').inputValue()).toBe('Homecoming');
    await expect.poll(() => p.getByLabel(/^Subscribers\*?$/).locator('option:checked').count()).toBe(1);
  });

  it('chooses the subscribers of an uploaded list of addresses and names the ones it does not know', async () => {
    const admin = await newContext();
    contexts.push(admin);
    const p = await admin.newPage();
    await signIn(p, DEMO_USERS.admin);
    await p.goto(url('/app/chatbot-management/broadcast'));
    await p.getByLabel('Upload a list of email addresses (CSV or text, up to 1 MB)').setInputFiles({
      name: 'homecoming.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('name,email\r\nAndres,andres.villanueva@alumni.example.edu\r\nGabriela,Gabriela.Silang@alumni.example.edu\r\nGuest,not.a.subscriber@example.com\r\n'),
    });
    await p.getByRole('button', { name: 'Add the subscribers of the list' }).click();
    await p.getByText('2 of 3 addresses in the list are subscribers. Not found: not.a.subscriber@example.com.').waitFor();
    await p.getByText('2 recipients (2 with an email address); 0 opted out and skipped.').waitFor();
  });
});
