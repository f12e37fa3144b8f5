import { describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, seriousA11yViolations, signIn, url } from '../support';

/** A job type's raw name (`migration-import`), which people should never have to read. */
const RAW_TYPE_NAME = /^[a-z]+(-[a-z]+)+$/;

describe('Batches of a user without Batch Management', () => {
  it('lets the registrar follow the export they started: its view, their batches, job types by title, the notice link', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);

    // A list the registrar may see; the export runs as a batch and opens its view (it used to answer 401).
    await page.goto(url('/app/campus-management/students'));
    await page.getByText('Bulk actions').click();
    const button = page.getByRole('button', { name: /^Export all [\d,]+ matching records? in the background$/ });
    await button.click();
    const dialog = page.getByRole('dialog', { name: /^Export [\d,]+ students?\?$/ });
    await dialog.waitFor();
    await Promise.all([page.waitForURL(/\/app\/batch-management\/tabs\/batch-view\?id=/), dialog.getByRole('button', { name: 'Export' }).click()]);
    const id = new URL(page.url()).searchParams.get('id');
    // The URL changes as the client navigates; the view's heading follows once it has drawn.
    await expect.poll(() => page.getByRole('heading', { name: 'Batch View', level: 1 }).count(), { timeout: 15_000 }).toBe(1);
    const facts = page.locator('.cas-batch-facts');
    await expect.poll(() => facts.textContent(), { timeout: 60_000 }).toContain('Completed: 1');
    expect(await facts.locator('dt:has-text("Type") + dd').textContent()).toBe('List export');
    expect(await page.getByRole('button', { name: /Pause queue|Retry failed/ }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Their list of batches: the Type column reads titles, and the Type filter offers every registered type.
    await page.goto(url('/app/batch-management/tabs/batch'));
    expect(await page.getByRole('link', { name: 'Export students' }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('cell', { name: 'List export', exact: true }).count()).toBeGreaterThan(0);
    const types = (await page.getByLabel('Type').locator('option').allTextContents()).filter((t) => t !== 'Any type');
    expect(types).toEqual(expect.arrayContaining(['Bulk state change', 'List export', 'Housekeeping', 'Data import', 'Chatbot broadcast']));
    expect(types.filter((t) => RAW_TYPE_NAME.test(t))).toEqual([]);
    // Only their own batches: the demo's past export and the housekeeping runs belong to others.
    const requesters = await page.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(new Set(requesters).size).toBe(1);

    // The notice of the finished export links to its view.
    await page.goto(url('/app/notifications'));
    const notice = page.getByRole('link', { name: 'List export finished' }).first();
    await expect.poll(() => notice.count(), { timeout: 30_000 }).toBe(1);
    expect(await notice.getAttribute('href')).toBe(`/app/batch-management/tabs/batch-view?id=${id}`);
    await context.close();
  });

  it('opens their batches and jobs without JavaScript, and still keeps the area index and other areas closed', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    const list = await page.goto(url('/app/batch-management/tabs/batch'));
    expect(list?.status()).toBe(200);
    await expect.poll(() => page.getByRole('heading', { name: 'Batches', level: 1 }).count()).toBe(1);
    const jobs = await page.goto(url('/app/batch-management/tabs/batch-jobs'));
    expect(jobs?.status()).toBe(200);
    const typeOptions = await page.getByLabel('Type').locator('option').allTextContents();
    expect(typeOptions).toContain('Data import');
    expect((await page.goto(url('/app/batch-management')))?.status()).toBe(401);
    expect((await page.goto(url('/app/analytics')))?.status()).toBe(401);
    await context.close();
  });
});
