import { entityRegistry } from '@campus/api-contract';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS, newContext, seriousA11yViolations, settled, signIn, url } from '../support';
import {
  editableTextField,
  labelled,
  ResourcePage,
  resourceEntities,
  searchTextOf,
} from './resource-page';

// One suffix per run keeps codes and names unique against the seed and earlier runs.
const SUFFIX = `Z${Date.now().toString(36).slice(-5).toUpperCase()}`;

let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  context = await newContext();
  page = await context.newPage();
  await signIn(page, DEMO_USERS.admin);
});
afterAll(async () => {
  await context.close();
});

describe.each(resourceEntities().map((entity) => [entity.consolePath, entity] as const))(
  '%s',
  (_path, entity) => {
    const screen = () => new ResourcePage(page, entity);
    const sample = entity.sample(SUFFIX);
    const searchText = searchTextOf(entity, sample);
    // Every value of some unique fields may already be taken (e.g. the eight application codes): the walk then
    // works on the record that holds the sample's value.
    let isTaken = false;

    it('opens the list', async () => {
      await screen().openList();
      expect(await screen().heading.textContent()).toBe(entity.pluralLabel);
      await expect.poll(() => page.locator('.cas-data-table table').count()).toBe(1);
    });

    it('creates a record from the descriptor’s sample', async () => {
      const s = screen();
      await s.openCreate();
      await s.fill(sample);
      await s.submit();
      const notices = (await s.notices()).join(' | ');
      if (/is existing in/.test(notices)) {
        isTaken = true;
        return;
      }
      expect(notices).toContain('New record created');
      expect(new URL(page.url()).pathname).toBe(entity.consolePath);
    });

    it('finds it by search', async () => {
      const s = screen();
      await s.showList();
      if (isTaken || !searchText) {
        expect(await s.rowLinks.count()).toBeGreaterThan(0);
        return;
      }
      await s.search(searchText);
      await expect.poll(() => s.rowLinks.count()).toBe(1);
    });

    it('edits it', async () => {
      const s = screen();
      await s.openFirstRow();
      expect(await s.heading.textContent()).toContain(`Edit ${entity.label}`);
      const editable = editableTextField(entity);
      if (editable) await s.form.getByLabel(labelled(editable[1].label)).fill(`Edited ${SUFFIX}`);
      await s.submit();
      expect((await s.notices()).join(' | ')).toContain('New record updated');
    });

    it('changes its state', async () => {
      const s = screen();
      await s.showList(isTaken || !searchText ? '' : searchText);
      const before = await s.firstRowState();
      if (
        entity.state.kind === 'status' &&
        (await page.locator('table tbody').getByRole('combobox').count()) === 0
      )
        return;
      await s.changeFirstRowState();
      expect((await s.notices()).join(' | ')).toContain('New record updated');
      await expect.poll(() => s.firstRowState()).not.toBe(before);
      // An `isActive` record is switched back on, so the seed stays usable for the screens that follow.
      if (entity.state.kind === 'isActive') {
        await s.changeFirstRowState();
        await expect.poll(() => s.firstRowState()).toBe(before);
      }
    });

    it.runIf(entity.unique.length > 0)('refuses a duplicate with the uniqueness message', async () => {
      const s = screen();
      await s.showList();
      await s.openCreate();
      await s.fill(sample);
      await s.submit();
      const notices = (await s.notices()).join(' | ');
      expect(notices).toContain('Validation Error');
      expect(notices).toMatch(/ is existing in .+\./);
      expect(new URL(page.url()).pathname).toBe(`${entity.consolePath}/new`);
    });
  },
);

describe('without JavaScript', () => {
  let noJs: BrowserContext;
  let p: Page;
  /** Presses a button that posts the form, and waits for the page the server answers with. */
  const post = async (name: string) => {
    await Promise.all([
      p.waitForResponse((r) => r.request().method() === 'POST'),
      p.getByRole('button', { name }).click(),
    ]);
    await p.waitForLoadState('load');
  };
  beforeAll(async () => {
    noJs = await newContext({ javaScriptEnabled: false });
    p = await noJs.newPage();
    await signIn(p, DEMO_USERS.admin);
  });
  afterAll(async () => {
    await noJs.close();
  });

  it('keeps what was typed and marks the fields when required ones are missing', async () => {
    await p.goto(url('/app/campus-management/rooms/new'));
    await p.getByLabel(labelled('Code')).fill(`NJ-${SUFFIX}`);
    await post('Create');
    expect(await p.locator('.cas-notice').filter({ hasText: 'Please fillup required fields.' }).count()).toBe(
      1,
    );
    expect(await p.getByLabel(labelled('Code')).inputValue()).toBe(`NJ-${SUFFIX}`);
    expect(await p.getByLabel(labelled('Name')).getAttribute('aria-invalid')).toBe('true');
  });

  it('creates a record', async () => {
    await p.goto(url('/app/campus-management/rooms/new'));
    await p.getByLabel(labelled('Code')).fill(`NJ-${SUFFIX}`);
    await p.getByLabel(labelled('Name')).fill(`No-script Room ${SUFFIX}`);
    await p.getByLabel(labelled('Campus')).selectOption({ index: 1 });
    await post('Create');
    expect(new URL(p.url()).pathname).toBe('/app/campus-management/rooms');
    await expect.poll(() => p.locator('.cas-notice').filter({ hasText: 'New record created' }).count()).toBe(1);
  });

  it('searches, sorts and switches a record off', async () => {
    await p.goto(url('/app/campus-management/rooms'));
    await p.getByRole('searchbox', { name: 'Search rooms' }).fill(`NJ-${SUFFIX}`);
    await p.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await p.waitForURL((u) => u.searchParams.has('q'));
    await expect.poll(() => p.locator('table tbody th[scope=row] a').count()).toBe(1);
    await p.getByRole('columnheader', { name: /Code/ }).getByRole('link').click();
    expect(new URL(p.url()).searchParams.get('sort')).toBe('code');
    await p.locator('table tbody').getByRole('switch').first().click();
    expect(await p.locator('table tbody').getByRole('switch').first().getAttribute('aria-checked')).toBe(
      'false',
    );
  });
});

describe('accessibility (axe-core: no serious or critical violation)', () => {
  it.each([
    ['a list', '/app/campus-management/sections'],
    ['a form', '/app/campus-management/sections/new'],
    ['the calendar', '/app/campus-management/calendar'],
  ])('%s', async (_name, path) => {
    await page.goto(url(path));
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});

describe('other Campus Management screens', () => {
  it.each([
    ['semester', 'semesters'],
    ['rooms-old', 'rooms'],
    ['sections-old', 'sections'],
  ])('%s leads to %s', async (from, to) => {
    const response = await page.request.get(url(`/app/campus-management/${from}`), { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/app/campus-management/${to}`);
  });

  it('shows a campus with its colleges, departments, rooms and counts', async () => {
    await page.goto(url('/app/campus-management/campuses'));
    const code = (await page.locator('table tbody th[scope=row] a').first().textContent())?.trim() ?? '';
    await page.goto(url(`/app/campus-management/campuses/${code}`));
    for (const name of ['Counts', 'Colleges', 'Departments', 'Rooms']) {
      await expect.poll(() => page.getByRole('heading', { level: 2, name }).count()).toBe(1);
    }
  });

  it('exports the whole filtered list as CSV', async () => {
    const response = await page.request.get(url('/app/campus-management/students/export.csv'));
    expect(response.headers()['content-type']).toContain('text/csv');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toContain(entityRegistry.byResource('students')?.fields.studentNumber?.label);
    // The demo seed has 500 students: more than any single page of the API.
    expect(lines.length - 1).toBeGreaterThanOrEqual(500);
  });

  it('finds a student beyond the choices sent with the form by searching', async () => {
    await page.goto(url('/app/campus-management/students?sort=-lastName'));
    const number = (await page.locator('table tbody th[scope=row] a').first().textContent())?.trim() ?? '';
    await page.goto(url('/app/campus-management/enrolled-students/new'));
    // The field becomes the combobox once the page has hydrated.
    await settled(page);
    const student = page.locator('input').and(page.getByRole('combobox', { name: labelled('Student') }));
    await student.focus();
    await student.press('ArrowDown');
    expect(await page.getByRole('listbox').getByRole('option', { name: new RegExp(number) }).count()).toBe(0);
    await student.fill(number);
    const found = page.getByRole('listbox').getByRole('option', { name: new RegExp(number) });
    await expect.poll(() => found.count(), { timeout: 5000 }).toBe(1);
  });

  it('offers the calendar as an iCalendar feed', async () => {
    const response = await page.request.get(url('/app/campus-management/calendar/feed.ics'));
    expect(response.headers()['content-type']).toContain('text/calendar');
    expect(await response.text()).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });
});
