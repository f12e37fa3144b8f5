import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayEntity, leaveEntity } from '@campus/domain-frs';
import { DEMO_USERS, newContext, signIn } from '../support';
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
});
