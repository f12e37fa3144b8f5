import { describe, expect, it } from 'vitest';
import { apiClient, DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

// Access Management → Outbox: without SMTP the API keeps outgoing mail, and the IAM administrator reads it here
// (the demo's way to see reset codes). Walked without JavaScript, as the screen must work that way.
describe('the outbox screen', () => {
  it('lists a reset code mail and opens it, for the IAM administrator', async () => {
    const email = DEMO_USERS.registrar.email;
    expect((await apiClient().requestPasswordRecovery({ body: { email } })).status).toBe(202);

    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/access-management'));
    await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Outbox' }).click();
    expect(new URL(page.url()).pathname).toBe('/app/access-management/outbox');
    await page.getByLabel('Recipient').fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: email }).first();
    await row.getByRole('link', { name: 'Your Campus Administration System reset code' }).click();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Your Campus Administration System reset code');
    await expect.poll(() => page.getByText(/Your password reset code is \d{6}\./).count()).toBe(1);
    await context.close();
  });

  it('has no serious accessibility problem', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/access-management/outbox'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
