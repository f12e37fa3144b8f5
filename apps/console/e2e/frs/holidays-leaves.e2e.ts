import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayEntity, leaveEntity } from '@campus/domain-frs';
import { apiClient, DEMO_USERS, newContext, signIn, url } from '../support';
import { ResourcePage } from '../resources/resource-page';

let admin: BrowserContext;
let page: Page;

beforeAll(async () => {
  admin = await newContext();
  page = await admin.newPage();
  await signIn(page, DEMO_USERS.admin);
});
afterAll(async () => {
  await admin.close();
});

describe('holidays and leave (Facial Recognition Management)', () => {
  it('lists the demo holidays and adds one from the side menu', async () => {
    const s = new ResourcePage(page, holidayEntity);
    await s.openList();
    await s.heading.filter({ hasText: 'Holidays' }).waitFor();
    await s.search('Christmas');
    expect(await s.rowLinks.count()).toBeGreaterThan(0);
    await s.openCreate();
    await s.fill({ date: '2031-07-27', name: 'University foundation day', kind: 'SPECIAL' });
    await s.submit();
    await s.search('foundation day');
    expect(await page.locator('table tbody').textContent()).toContain('Special non-working day');
  });

  it('files a leave: the days with pay are worked out from the leave credits', async () => {
    const s = new ResourcePage(page, leaveEntity);
    await s.openList();
    await s.heading.filter({ hasText: 'Leaves' }).waitFor();
    // The demo's vacation leave filed ahead, paid in full.
    expect(await page.locator('table tbody').textContent()).toMatch(/VL|Vacation leave/);
    await s.openCreate();
    await s.fill({ typeCode: 'SL', from: '2031-07-28', to: '2031-07-29', remarks: 'Medical check-up' });
    await s.submit();
    await s.openList('?sort=-from');
    const row = page.locator('table tbody tr').first();
    expect(await row.textContent()).toContain('2031');
    expect(await row.textContent()).toMatch(/Sick leave|SL/);
  });

  it('cancelling the demo leave gives its days back: they leave the DTR list, nothing is left coloured', async () => {
    const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
    if (signedIn.status !== 200) throw new Error('The administrator could not sign in.');
    const api = apiClient(signedIn.body.data.token);
    const found = await api.resource('leaves').list({ q: 'Family reunion in Naga' });
    if (found.status !== 200) throw new Error('The demo leave is missing.');
    const leave = found.body.rows[0] as unknown as { _id: string; employeeId: string; from: string; to: string };
    const dtrList = `/app/campus-management/hr/daily-time-records?employeeId=${leave.employeeId}&sort=-date`;
    const rowsOf = async () => {
      await page.goto(url(dtrList));
      const rows = page.locator('table tbody tr');
      const texts = await rows.allTextContents();
      const accents = await rows.evaluateAll((items) => items.map((i) => i.getAttribute('data-accent')));
      return texts.map((text, i) => ({ text, accent: accents[i] }));
    };
    const onLeaveDays = (rows: { text: string; accent: string | null | undefined }[]) =>
      rows.filter((r) => [leave.from, leave.to].some((d) => r.text.includes(d) || r.text.includes(new Date(`${d}T00:00:00Z`).toLocaleDateString('en-PH', { timeZone: 'UTC' }))));
    expect(onLeaveDays(await rowsOf()).map((r) => r.accent)).toEqual(['On leave', 'On leave']);

    // Cancel it on its edit screen: the state switch.
    await page.goto(url(`/app/frs-management/leaves/${leave._id}/edit`));
    await page.getByRole('switch', { name: /active$/ }).click();
    await page.getByRole('switch', { name: /active$/, checked: false }).waitFor();

    expect(onLeaveDays(await rowsOf())).toEqual([]);
    const records = await api.resource('daily-time-records').list({ search: `employeeId:${leave.employeeId}`, limit: 100 });
    const dates = records.status === 200 ? records.body.rows.map((r) => String(r.date)) : ['unreadable'];
    expect(dates).not.toContain(leave.from);
    expect(dates).not.toContain(leave.to);
  });

  it('colours an absence in the DTR list as leave without pay, not as a normal day', async () => {
    const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
    if (signedIn.status !== 200) throw new Error('The administrator could not sign in.');
    const api = apiClient(signedIn.body.data.token);
    // The employee of the demo leave (not the one whose week the employee page's tests read).
    const leaves = await api.resource('leaves').list({ q: 'Family reunion in Naga' });
    if (leaves.status !== 200) throw new Error('The demo leave is missing.');
    const employeeId = String(leaves.body.rows[0]!.employeeId);
    // An absence as the server records one: status 4 (absent), the day's official hours without pay.
    const absent = await api.resource('daily-time-records').create({ employeeId, date: '2031-08-04', statuses: [4], totalDuration: 0, lwopDuration: 28_800 });
    expect(absent.status).toBe(201);
    await page.goto(url(`/app/campus-management/hr/daily-time-records?employeeId=${employeeId}&sort=-date`));
    const row = page.locator('table tbody tr').filter({ hasText: /2031-08-04|8\/4\/2031|04\/08\/2031/ });
    expect(await row.getAttribute('data-accent')).toBe('Leave without pay');
    if (absent.status === 201) await api.resource('daily-time-records').update(absent.body.data._id, { isActive: false });
  });
});
