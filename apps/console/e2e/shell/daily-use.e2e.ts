import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityRegistry } from '@campus/api-contract';
import { labelled } from '../resources/resource-page';
import {
  apiClient,
  DEMO_USERS,
  newContext,
  seriousA11yViolations,
  sessionToken,
  settled,
  signIn,
  TEST_OUTPUT,
  url,
} from '../support';

// What an admin who uses the console all day relies on: the reference combobox, the phone drawer, the calendar
// of the present, the area dashboards and the keyboard shortcuts.

const SUFFIX = Date.now().toString(36).toUpperCase();

/** Whether keyboard focus is inside the element `selector` finds. */
const focusIsInside = (page: Page, selector: string) =>
  page.evaluate((s) => Boolean(document.activeElement && document.querySelector(s)?.contains(document.activeElement)), selector);

describe('reference fields', () => {
  it('are one combobox with JavaScript, used with the keyboard only, searching the server', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management/rooms/new'));
    await settled(page);
    const campus = page.getByRole('combobox', { name: labelled('Campus') });
    expect(await campus.evaluate((e) => e.tagName)).toBe('INPUT');
    // Keyboard only: fill the text fields, then type in the combobox, arrow down to the choice, Enter to take it.
    await page.getByRole('textbox', { name: labelled('Code') }).focus();
    await page.keyboard.type(`KB-${SUFFIX}`);
    await page.keyboard.press('Tab');
    await page.keyboard.type(`Keyboard Room ${SUFFIX}`);
    await campus.focus();
    await page.keyboard.type('San Pablo');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringContaining('San Pablo City Campus')]);
    // The server's answer comes after the local matches; the choice is taken once it has come.
    await expect.poll(() => page.locator('[data-searching]').count()).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // React Aria closes the list in an effect after the choice, so under load it may still be open for a moment.
    await expect.poll(() => campus.inputValue()).toContain('San Pablo City Campus');
    await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
    // While the list is open React Aria hides the rest of the page from screen readers on purpose (its list is
    // portalled; adobe/react-spectrum#4937), which axe reports; the form itself is checked with the list closed.
    expect(await seriousA11yViolations(page)).toEqual([]);
    // "Save and add another" with the keyboard: the record is created and a new, empty form opens.
    await page.getByRole('button', { name: 'Save and add another' }).focus();
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/app/campus-management/rooms/new' && u.search === ''),
      page.keyboard.press('Enter'),
    ]);
    await page.getByText('New record created').waitFor();
    expect(await page.getByRole('textbox', { name: labelled('Code') }).inputValue()).toBe('');
    const api = apiClient((await sessionToken(context)).token);
    const saved = await api.resource('rooms').list({ search: `code:KB-${SUFFIX}` });
    expect(saved.status).toBe(200);
    const room = saved.status === 200 ? saved.body.rows[0] : undefined;
    expect(room?._labels?.campusId).toContain('San Pablo City Campus');

    // A student beyond the 100 choices sent with the form is found by the server's search.
    const students = await api.resource('students').list({ sort: '-lastName', limit: 1 });
    const far = students.status === 200 ? students.body.rows[0]! : undefined;
    const number = String(far?.studentNumber ?? '');
    await page.goto(url('/app/campus-management/enrolled-students/new'));
    await settled(page);
    // The combobox, not the native select it replaces at hydration.
    const student = page.locator('input').and(page.getByRole('combobox', { name: labelled('Student') }));
    await student.focus();
    await page.keyboard.press('ArrowDown');
    expect(await options.filter({ hasText: number }).count()).toBe(0);
    await page.keyboard.type(number);
    await expect.poll(() => options.filter({ hasText: number }).count(), { timeout: 5000 }).toBe(1);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await student.inputValue()).toContain(number);
    expect(await page.locator('input[type=hidden][name=studentId]').inputValue()).toBe(far?._id);
    await context.close();
  });

  it('are a native select without JavaScript, and the form still saves', async () => {
    const context = await newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management/rooms/new'));
    const campus = page.getByRole('combobox', { name: labelled('Campus') });
    expect(await campus.evaluate((e) => e.tagName)).toBe('SELECT');
    await page.getByLabel(labelled('Code')).fill(`NS-${SUFFIX}`);
    await page.getByLabel(labelled('Name')).fill(`Plain Room ${SUFFIX}`);
    await campus.selectOption({ label: 'SPC · San Pablo City Campus' }).catch(() => campus.selectOption({ index: 2 }));
    await Promise.all([page.waitForURL((u) => u.pathname === '/app/campus-management/rooms'), page.getByRole('button', { name: 'Create' }).click()]);
    await page.getByText('New record created').waitFor();
    const api = apiClient((await sessionToken(context)).token);
    const saved = await api.resource('rooms').list({ search: `code:NS-${SUFFIX}` });
    expect(saved.status === 200 ? saved.body.rows.map((r) => r._labels?.campusId) : []).toEqual([expect.stringContaining('San Pablo')]);
    await context.close();
  });

  it('keep what was typed and chosen in the native select while the page was still loading', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    // The scripts are held back until the form is filled in, as on a slow connection.
    const held: Route[] = [];
    let released = false;
    await page.route(/\.js(\?|$)/, (route) => (released ? route.continue() : void held.push(route)));
    await page.goto(url('/app/campus-management/rooms/new'), { waitUntil: 'commit' });
    const select = page.locator('select[name=campusId]');
    await select.selectOption({ label: 'SPC · San Pablo City Campus' }).catch(() => select.selectOption({ index: 2 }));
    const chosen = await select.inputValue();
    expect(chosen).not.toBe('');
    await page.getByLabel(labelled('Code')).fill(`LD-${SUFFIX}`);
    await page.getByLabel(labelled('Name')).fill(`Loading Room ${SUFFIX}`);
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await settled(page);
    const campus = page.getByRole('combobox', { name: labelled('Campus') });
    await expect.poll(() => campus.evaluate((e) => e.tagName)).toBe('INPUT');
    expect(await campus.inputValue()).toContain('San Pablo City Campus');
    expect(await page.locator('input[type=hidden][name=campusId]').inputValue()).toBe(chosen);
    expect(await page.getByLabel(labelled('Code')).inputValue()).toBe(`LD-${SUFFIX}`);
    await Promise.all([page.waitForURL((u) => u.pathname === '/app/campus-management/rooms'), page.getByRole('button', { name: 'Create' }).click()]);
    const api = apiClient((await sessionToken(context)).token);
    const saved = await api.resource('rooms').list({ search: `code:LD-${SUFFIX}` });
    expect(saved.status === 200 ? saved.body.rows.map((r) => r._labels?.campusId) : []).toEqual([expect.stringContaining('San Pablo')]);
    await context.close();
  });
});

describe('on a 390 px phone', () => {
  it('opens the side menu as a drawer from the header, with focus kept inside until Escape', async () => {
    const context = await newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/campus-management/rooms'));
    expect(await page.getByRole('navigation', { name: 'Side menu' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Collapse menu' }).isVisible()).toBe(false);
    // Each row is a card no wider than the screen; nothing scrolls sideways.
    const firstRow = page.locator('table tbody tr').first();
    expect((await firstRow.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await firstRow.locator('td[data-label="Building"]').isVisible()).toBe(true);
    expect(await firstRow.locator('td[data-label="Capacity"]').isVisible()).toBe(false);
    await page.screenshot({ path: join(TEST_OUTPUT, 'phone-list-390.png'), fullPage: false });

    const toggle = page.getByRole('link', { name: 'Open menu' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByRole('link', { name: 'Rooms' }).getAttribute('aria-current')).toBe('page');
    await page.waitForTimeout(300); // the slide-in
    await page.screenshot({ path: join(TEST_OUTPUT, 'phone-drawer-390.png'), fullPage: false });
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(page, '[role="dialog"]')).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await toggle.evaluate((e) => e === document.activeElement)).toBe(true);

    // Following a link in the drawer goes there and closes it.
    await page.keyboard.press('Enter');
    await drawer.getByRole('link', { name: 'Colleges' }).click();
    await page.waitForURL((u) => u.pathname === '/app/campus-management/colleges');
    await drawer.waitFor({ state: 'detached' });
    // The menu page (where the toggle leads without JavaScript; axe needs JavaScript to run).
    await page.goto(url('/app/campus-management/menu'));
    expect(await page.getByRole('navigation', { name: 'Menu' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('leads to the menu page without JavaScript', async () => {
    const context = await newContext({ width: 390, height: 844, javaScriptEnabled: false });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/campus-management/rooms'));
    await Promise.all([
      page.waitForURL((u) => u.pathname === '/app/campus-management/menu'),
      page.getByRole('link', { name: 'Open menu' }).click(),
    ]);
    const menu = page.getByRole('navigation', { name: 'Menu' });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getByRole('link', { name: 'Rooms' }).isVisible()).toBe(true);
    await context.close();
  });

  it('keeps a card within the screen when its title is one long word', async () => {
    const context = await newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    // An address of 60 characters without a space: the list's first column, a one-word title kept to one line on a
    // table row.
    const email = `registrar.office.admissions.${SUFFIX}@graduate-school.example.edu`.toLowerCase();
    const users = entityRegistry.byResource('users')!;
    const created = await apiClient((await sessionToken(context)).token).resource('users').create({ ...users.sample(SUFFIX), email });
    expect(created.status).toBe(201);
    await page.goto(url(`/app/access-management/users?q=${encodeURIComponent(email)}`));
    const card = page.locator('table tbody tr').first();
    expect(await card.locator('th a').textContent()).toBe(email);
    expect((await card.boundingBox())!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(TEST_OUTPUT, 'phone-long-title-390.png'), fullPage: false });
    await context.close();
  });
});

describe('the demo data', () => {
  it('lives in the present: the calendar shows events this month', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management/calendar'));
    const main = page.getByRole('main');
    expect(await main.getByText('Nothing is scheduled this month.').count()).toBe(0);
    expect(await main.getByText('Midterm Examinations').count()).toBeGreaterThan(0);
    await context.close();
  });
});

describe('area dashboards', () => {
  /** The figure shown beside a label in the "Needs attention" panel. */
  const figure = async (page: Page, label: string) => {
    const panel = page.getByRole('region', { name: 'Needs attention' });
    const text = await panel.getByRole('listitem').filter({ hasText: label }).locator('.cas-attention__count').textContent();
    return Number(text?.replace(/[^0-9]/g, ''));
  };

  it('Campus: sections without an instructor or room, and enrolments in draft, as the data has them', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management'));
    const api = apiClient((await sessionToken(context)).token);
    const sections: Record<string, unknown>[] = [];
    for (let p = 1; ; p++) {
      const list = await api.resource('sections').list({ limit: 100, page: p });
      if (list.status !== 200) throw new Error('sections list failed');
      sections.push(...list.body.rows);
      if (sections.length >= list.body.count) break;
    }
    const unstaffed = sections.filter((s) => (!s.instructorId || !s.roomId) && !['DISSOLVED', 'COMPLETED'].includes(String(s.status)));
    expect(unstaffed.length).toBeGreaterThan(0);
    expect(await figure(page, 'Sections without an instructor or room')).toBe(unstaffed.length);
    expect(await figure(page, 'Enrolments still in draft')).toBeGreaterThan(0);
    const link = page.getByRole('link', { name: /Sections without an instructor or room/ });
    expect(await link.getAttribute('href')).toBe('/app/campus-management/sections');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('Access: a user given a temporary password is counted until they change it', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/access-management'));
    const before = await figure(page, 'Users who must change their temporary password');
    expect(before).toBeGreaterThanOrEqual(2);
    expect(await figure(page, 'Locked accounts')).toBeGreaterThanOrEqual(1);
    const api = apiClient((await sessionToken(context)).token);
    const created = await api.resource('users').create({
      email: `temp.${SUFFIX.toLowerCase()}@example.edu`,
      firstName: 'Trisha',
      lastName: 'Magbanua',
      temporaryPassword: 'Pansamantala-2026',
      adminScopes: ['CAMPUS'],
    });
    expect(created.status).toBe(201);
    await page.reload();
    expect(await figure(page, 'Users who must change their temporary password')).toBe(before + 1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('the Batch Management dashboard', () => {
  it('counts the failed batches as the batch list filtered by state has them, and links to that list', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.admin);
    await page.goto(url('/app/batch-management'));
    const api = apiClient((await sessionToken(context)).token);
    const failed = await api.batch.listBatches({ query: { state: 'failed', page: 1, limit: 1 } });
    if (failed.status !== 200) throw new Error('batch list failed');
    const panel = page.getByRole('region', { name: 'Needs attention' });
    const item = panel.getByRole('listitem').filter({ hasText: 'Failed batches' });
    expect(Number((await item.locator('.cas-attention__count').textContent())?.replace(/[^0-9]/g, ''))).toBe(failed.body.count);
    expect(await item.getByRole('link').getAttribute('href')).toBe('/app/batch-management/tabs/batch?state=failed');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('keyboard shortcuts', () => {
  it('/ focuses the search, n opens the create form, ? shows the help', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signIn(page, DEMO_USERS.registrar);
    await page.goto(url('/app/campus-management/rooms'));
    await page.getByRole('button', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search rooms' });
    expect(await search.evaluate((e) => e === document.activeElement)).toBe(true);
    // Typed in the search box, n is a letter, not a shortcut.
    await page.keyboard.type('n');
    expect(await search.inputValue()).toBe('n');
    expect(new URL(page.url()).pathname).toBe('/app/campus-management/rooms');
    await search.blur();
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor();
    for (const text of ['Search this list', 'Add a record to this list (on a list)', 'Show these keyboard shortcuts', 'Save and add another']) {
      expect(await help.getByText(text, { exact: false }).count()).toBeGreaterThan(0);
    }
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    await Promise.all([page.waitForURL((u) => u.pathname === '/app/campus-management/rooms/new'), page.keyboard.press('n')]);
    await page.getByRole('heading', { level: 1, name: 'New Room' }).waitFor();
    await context.close();
  });
});
