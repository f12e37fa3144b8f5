import { describe, expect, it } from 'vitest';
import { apiClient, newContext, seriousA11yViolations, sessionToken, signIn, url } from '../support';

/** This run's own rooms: the batch changes them alone, not the seed's rooms other files use or have changed. */
const TAG = `BATCH${Date.now().toString(36).toUpperCase()}`;

describe('Batch Management', () => {
  it('starts a bulk state change from a list, shows progress to 100 %, the batch view, a job log and the notice', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page);

    const api = apiClient((await sessionToken(context)).token);
    const campuses = await api.resource('campuses').list({ limit: 1 });
    const campusId = campuses.status === 200 ? campuses.body.rows[0]!._id : '';
    for (const n of [1, 2, 3]) {
      const created = await api.resource('rooms').create({ code: `${TAG}-${n}`, name: `${TAG} Laboratory ${n}`, campusId });
      expect(created.status).toBe(201);
    }

    // The rooms list narrowed by a search: the batch acts on exactly what the list shows.
    await page.goto(url(`/app/campus-management/rooms?q=${TAG}`));
    await page.getByText('Bulk actions').click();
    const button = page.getByRole('button', { name: /^Set inactive for all \d+ matching records$/ });
    const matching = Number((await button.textContent())!.match(/all (\d+)/)![1]);
    expect(matching).toBe(3);
    // It asks first, with the number of records.
    await button.click();
    const dialog = page.getByRole('dialog', { name: 'Set 3 rooms inactive?' });
    await dialog.waitFor();
    await Promise.all([page.waitForURL(/\/app\/batch-management\/tabs\/batch-view\?id=/), dialog.getByRole('button', { name: 'Set inactive' }).click()]);

    // The view polls while the batch runs, so the bar reaches 100 % without a reload.
    const progress = page.getByRole('progressbar', { name: 'Batch progress' });
    await expect.poll(() => progress.getAttribute('value'), { timeout: 60_000 }).toBe('100');
    await expect.poll(() => page.locator('.cas-batch-facts').textContent(), { timeout: 10_000 }).toContain('Completed: 1');
    expect(await page.locator('.cas-batch-progress').first().textContent()).toContain(`${matching} / ${matching}`);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // One job's log.
    await page.getByRole('link', { name: 'Job 1 log' }).click();
    const log = page.getByRole('region', { name: /^Log of job 1/ });
    await expect.poll(() => log.textContent()).toContain(`${matching} changed, 0 already isActive = false, 0 refused.`);

    // The list shows the records inactive now.
    await page.goto(url(`/app/campus-management/rooms?q=${TAG}&isActive=true`));
    expect(await page.getByRole('button', { name: /^Set inactive for all/ }).count()).toBe(0);

    // The batch is in the list of batches, and the requester has a notice (count in the header).
    await page.goto(url('/app/batch-management/tabs/batch'));
    await expect.poll(() => page.getByRole('link', { name: `Set isActive = false on rooms ("${TAG}")` }).count()).toBe(1);
    const bell = page.getByRole('link', { name: /^Notifications\s*\d+ unread$/ });
    await bell.click();
    await page.waitForURL(/\/app\/notifications$/);
    const notice = page.getByRole('link', { name: 'Bulk state change finished' }).first();
    await expect.poll(() => notice.count()).toBe(1);
    await page.getByRole('button', { name: 'Mark all read' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'Notifications', exact: true }).count()).toBe(1);
    await context.close();
  });

  it('asks before a bulk action without JavaScript, as a page that states the count', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(url(`/app/campus-management/rooms?q=${TAG}`));
    await page.getByText('Bulk actions').click();
    await page.getByRole('button', { name: /^Set active for all \d+ matching records?$/ }).click();
    const question = page.getByRole('heading', { level: 1, name: /^Set \d+ rooms? active\?$/ });
    await expect.poll(() => question.count()).toBe(1);
    // Cancel goes back to the list as it was, and nothing started.
    await Promise.all([page.waitForURL(new RegExp(`/app/campus-management/rooms\\?q=${TAG}$`)), page.getByRole('link', { name: 'Cancel' }).click()]);
    await page.getByText('Bulk actions').click();
    await page.getByRole('button', { name: /^Set active for all \d+ matching records?$/ }).click();
    await Promise.all([page.waitForURL(/\/app\/batch-management\/tabs\/batch-view\?id=/), page.getByRole('button', { name: 'Set active' }).click()]);
    await expect.poll(() => page.getByRole('heading', { name: 'Batch View', level: 1 }).count()).toBe(1);
    await context.close();
  });

  it('shows the batches and their jobs without JavaScript', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page);
    await page.goto(url('/app/batch-management/tabs/batch-jobs?queue=bulk-state-change'));
    await expect.poll(() => page.getByRole('heading', { name: 'Batch Jobs', level: 1 }).count()).toBe(1);
    expect(await page.getByRole('cell', { name: /^Completed/ }).count()).toBeGreaterThan(0);
    await page.goto(url('/app/batch-management/tabs/batch-view'));
    await expect.poll(() => page.getByRole('form', { name: 'Schedule Housekeeping' }).count()).toBe(1);
    await context.close();
  });
});
