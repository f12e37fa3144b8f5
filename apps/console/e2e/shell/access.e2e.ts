import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

const contexts: BrowserContext[] = [];
afterAll(async () => {
  await Promise.all(contexts.map((c) => c.close()));
});

describe.each([
  ['with JavaScript', true],
  ['without JavaScript', false],
])('the registrar (no IAM scope) %s', (_name, javaScriptEnabled) => {
  it('sees the IAM card as not allowed and gets No Access when opening it', async () => {
    const context = await newContext({ javaScriptEnabled });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.registrar);
    const card = p.getByRole('list', { name: 'Applications' }).getByRole('link', { name: /Identity and Access Management/ });
    expect(await card.getAttribute('data-allowed')).toBe('false');
    expect(await card.textContent()).toContain('No Access');
    await card.click();
    const alert = p.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('No Access');
    expect(await alert.textContent()).toContain('You have invalid authentication credentials to view the page requested');
  });

  it('gets 401 on an IAM path', async () => {
    const context = await newContext({ javaScriptEnabled });
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.registrar);
    const response = await p.goto(url('/app/access-management/users'));
    expect(response?.status()).toBe(401);
    expect(await p.textContent('main')).toContain('401');
    expect(await p.textContent('main')).toContain('You have invalid authentication credentials to view the page requested');
  });
});

describe('the route guard', () => {
  it('lets the registrar open Campus Management and always /app', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    await signIn(p, DEMO_USERS.registrar);
    expect((await p.goto(url('/app/campus-management')))?.status()).toBe(200);
    expect((await p.goto(url('/app')))?.status()).toBe(200);
    expect((await p.goto(url('/profile')))?.status()).toBe(200);
  });

  it('sends an anonymous visitor of an admin page to /auth', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    contexts.push(context);
    const p = await context.newPage();
    await p.goto(url('/app/campus-management'));
    expect(new URL(p.url()).pathname).toBe('/auth');
  });

  it('has an /unauthorized page answering 401', async () => {
    const context = await newContext();
    contexts.push(context);
    const p = await context.newPage();
    const response = await p.goto(url('/unauthorized'));
    expect(response?.status()).toBe(401);
    expect(await p.textContent('main')).toContain('No Access');
  });
});
