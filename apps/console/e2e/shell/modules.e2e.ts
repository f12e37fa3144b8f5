import { describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, signIn, url } from '../support';

// Access within an application: the demo registrar's role grants the academic modules of Campus Management, so the
// menu has no Human Resources section and an HR page answers 403; the administrator, with no role, sees both.
describe('modules in the console', () => {
  it('hides HR records from the registrar and refuses their pages', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management'));
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Campuses' }).count()).toBe(1);
    expect(await menu.getByText('Human Resources').count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Employees' }).count()).toBe(0);
    const response = await page.goto(url('/app/campus-management/hr/employees'));
    expect(response?.status()).toBe(403);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
      'Your roles in this application do not include this module.',
    );
    const csv = await context.request.get(url('/app/campus-management/hr/employees/export.csv'));
    expect(csv.status()).toBe(403);
    await context.close();
  });

  it('shows HR records to the administrator, who holds no role', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/campus-management'));
    // Elsewhere in the area the Human Resources group is one entry leading to its first screen; on its screens it opens.
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    await expect.poll(() => menu.getByRole('link', { name: 'Human Resources' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Human Resources' }).getAttribute('href')).toBe('/app/campus-management/hr/employees');
    expect(await menu.getByRole('link', { name: 'Employees' }).count()).toBe(0);
    expect((await page.goto(url('/app/campus-management/hr/employees')))?.status()).toBe(200);
    expect(await menu.getByRole('link', { name: 'Employees' }).getAttribute('aria-current')).toBe('page');
    expect(await menu.getByRole('link', { name: 'Leave Credits' }).count()).toBe(1);
    expect(await menu.getByRole('link', { name: 'Human Resources' }).count()).toBe(0);
    await context.close();
  });
});
