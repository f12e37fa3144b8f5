import { describe, expect, it } from 'vitest';
import { newContext, signIn, url } from '../support';

describe('area index', () => {
  it('shows a count of records on each resource tile of Campus Management', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);
    await page.goto(url('/app/campus-management'));
    const main = page.getByRole('main');
    const campuses = main.getByRole('link', { name: /^Campuses/ });
    const label = await campuses.locator('.cas-tile-count').getAttribute('aria-label');
    // The demo university has two campuses; other specs may have added more.
    expect(Number(label?.replace(/[^0-9]/g, ''))).toBeGreaterThanOrEqual(2);
    const students = await main.getByRole('link', { name: /^Students/ }).locator('.cas-tile-count').textContent();
    expect(Number(students?.replace(/,/g, ''))).toBeGreaterThanOrEqual(500);
    await context.close();
  });
});
