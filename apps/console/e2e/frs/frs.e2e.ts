import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { apiClient, DEMO_USERS, newContext, settled, signIn, TEST_OUTPUT, url } from '../support';
import { AUTHOR } from './samples';

let admin: BrowserContext;
let page: Page;
let deviceKey = '';

beforeAll(async () => {
  admin = await newContext();
  page = await admin.newPage();
  await signIn(page, DEMO_USERS.admin);
});
afterAll(async () => {
  await admin.close();
});

describe('facial recognition attendance', () => {
  it('opens on the area overview inside the admin layout, with its screens in the side menu', async () => {
    await page.goto(url('/app/frs-management'));
    await page.getByRole('heading', { level: 1, name: 'Facial Recognition Management' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Side menu' });
    expect(await menu.getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('main').getByRole('link', { name: /Device Locations/i }).click();
    await page.waitForURL((u) => u.pathname === '/app/frs-management/device-locations');
  });

  it('registers a kiosk and shows its key once', async () => {
    await page.goto(url('/app/frs-management/device-locations'));
    await page.getByRole('textbox', { name: /^Name/ }).fill('Library entrance kiosk');
    await page.getByRole('textbox', { name: /^Campus/ }).fill('Main Campus');
    await page.getByRole('textbox', { name: /^Building/ }).fill('University Library');
    await page.getByRole('textbox', { name: /^Coordinates/ }).fill('14.6537, 121.0685');
    await page.getByRole('spinbutton', { name: /^Geofence radius/ }).fill('200');
    await page.getByRole('button', { name: 'Register' }).click();
    deviceKey = (await page.getByTestId('device-key').textContent()) ?? '';
    expect(deviceKey).toMatch(/^frs\./);
    await page.getByRole('cell', { name: 'Library entrance kiosk', exact: true }).waitFor();
  });

  it('refuses a device key it does not know at the kiosk and says what to enter (no JavaScript)', async () => {
    const kiosk = await newContext({ javaScriptEnabled: false });
    try {
      const device = await kiosk.newPage();
      await device.goto(url('/kiosk'));
      await device.getByRole('button', { name: 'Sign in device' }).click();
      await device.getByRole('alert').filter({ hasText: 'This device key is not valid.' }).waitFor();
      await device.getByText('Enter the key shown when the device was registered.').waitFor();
      await device.getByLabel('Device key').fill('frs.not-a-key');
      await device.getByRole('button', { name: 'Sign in device' }).click();
      await device.getByRole('alert').filter({ hasText: 'This device key is not valid.' }).waitFor();
      expect(await device.getByText('Library entrance kiosk').count()).toBe(0);
    } finally {
      await kiosk.close();
    }
  });

  it('enrols an employee from three photos with their consent', async () => {
    await page.goto(url('/app/frs-management/faces'));
    // Until the page runs its script the picker is a plain select (the page works without JavaScript); the
    // searchable picker replaces it once the page has hydrated.
    await settled(page);
    // The person is picked by typing part of the name into the searchable picker and choosing the match.
    const picker = page.getByRole('combobox', { name: /^Employee/ }).and(page.locator('input'));
    await picker.fill('Bautista, Ra');
    await page.getByRole('option', { name: /^Bautista, Ramon/ }).click();
    expect(await picker.inputValue()).toMatch(/^Bautista, Ramon/);
    await page.getByText(/has given written consent/).click();
    await page.getByLabel('Consent given on').fill('2026-11-20');
    await page.getByLabel('Photos').setInputFiles(AUTHOR.enrol.map((buffer, i) => ({ name: `enrol-${i + 1}.jpg`, mimeType: 'image/jpeg', buffer })));
    await page.getByRole('button', { name: 'Enrol' }).click();
    await page.getByText('Bautista, Ramon was enrolled from 3 photos.').waitFor({ timeout: 150_000 });
    await expect.poll(() => page.getByRole('rowheader', { name: 'Bautista, Ramon', exact: true }).count()).toBe(1);
  }, 180_000);

  it('clocks in at the kiosk with another photo and shows the daily time record', async () => {
    const kiosk = await newContext();
    const device = await kiosk.newPage();
    await device.goto(url('/kiosk'));
    await device.getByLabel('Device key').fill(deviceKey);
    await device.getByRole('button', { name: 'Sign in device' }).click();
    await device.getByText('Library entrance kiosk · University Library, Main Campus').waitFor();
    await device.getByLabel('Photo of your face').setInputFiles({ name: 'probe.jpg', mimeType: 'image/jpeg', buffer: AUTHOR.probe });
    await device.getByRole('button', { name: 'Clock in / out' }).click();
    const recorded = device.getByText(/Time in recorded for Ramon Bautista at \d\d:\d\d:\d\d\./);
    await recorded.waitFor({ timeout: 150_000 }).catch(async (error: unknown) => {
      await device.screenshot({ path: join(TEST_OUTPUT, 'frs-kiosk-failure.png'), fullPage: true });
      throw error;
    });
    const time = /(\d\d:\d\d:\d\d)/.exec((await recorded.textContent()) ?? '')![1]!;
    const heading = await device.getByRole('heading', { name: /Ramon Bautista — daily time record of \d{4}-\d\d-\d\d/ }).textContent();
    const date = /(\d{4}-\d\d-\d\d)/.exec(heading ?? '')![1]!;
    expect(await device.getByText(/^\d+h \d+m \d+s$/).count()).toBeGreaterThanOrEqual(3);
    // The answer shows the photo taken, then the kiosk clears itself for the next person.
    await device.getByRole('img', { name: 'The photo taken' }).waitFor();
    await device.getByText(/Ready for the next person in \d+ s\./).waitFor();
    await expect.poll(() => recorded.count(), { timeout: 20_000 }).toBe(0);
    expect(await device.getByRole('img', { name: 'The photo taken' }).count()).toBe(0);
    expect(await device.getByLabel('Photo of your face').inputValue()).toBe('');
    await kiosk.close();

    // HR sees the day's record and its timesheet, durations as `Xh Ym Zs`. Times of day sort as times of day, so
    // the timesheet is found through its record rather than by sorting (a clock-in after midnight sorts first).
    await page.goto(url('/app/campus-management/hr/daily-time-records'));
    const row = page.getByRole('row').filter({ hasText: date }).filter({ hasText: 'Bautista' });
    await expect.poll(() => row.count()).toBe(1);
    // Total, tardiness, undertime and leave without pay.
    expect(await row.getByRole('cell', { name: /^\d+h \d+m \d+s$/ }).count()).toBe(4);
    const edit = await row.locator('a[href*="/daily-time-records/"]').first().getAttribute('href');
    const recordId = /daily-time-records\/([0-9a-f-]{36})/.exec(edit ?? '')![1]!;
    await page.goto(url(`/app/campus-management/hr/timesheets?recordId=${recordId}`));
    await expect.poll(() => page.getByRole('cell', { name: time, exact: true }).count()).toBe(1);
  }, 180_000);

  it('takes the photo with the camera at the kiosk and clocks in with one press, where the device is', async () => {
    const kiosk = await newContext();
    await kiosk.grantPermissions(['geolocation']);
    await kiosk.setGeolocation({ latitude: 14.6537, longitude: 121.0685 });
    const device = await kiosk.newPage();
    await device.goto(url('/kiosk'));
    await device.getByLabel('Device key').fill(deviceKey);
    await device.getByRole('button', { name: 'Sign in device' }).click();
    await expect.poll(() => device.getByLabel('Coordinates').inputValue()).toBe('14.653700, 121.068500');
    await device.getByRole('button', { name: 'Use the camera' }).click();
    await device.getByLabel('Camera preview').waitFor();
    // The photo goes into the form's file input and the form posts it: the test camera shows a pattern, no face.
    await device.getByRole('button', { name: 'Take photo and clock in / out' }).click();
    await device
      .getByText('No face was found. Look at the camera and try again.')
      .waitFor({ timeout: 60_000 })
      .catch(async (error: unknown) => {
        await device.screenshot({ path: join(TEST_OUTPUT, 'frs-camera-failure.png'), fullPage: true });
        throw error;
      });
    await kiosk.close();
  }, 90_000);

  it('a kiosk that requires liveness answers the challenge the API issued by its id, and gets a new one each time', async () => {
    const signedIn = await apiClient().signIn({ body: DEMO_USERS.admin });
    if (signedIn.status !== 200) throw new Error('The administrator could not sign in.');
    const api = apiClient(signedIn.body.data.token);
    const devices = await api.frs.listDevices();
    if (devices.status !== 200) throw new Error('Devices not listed.');
    const library = devices.body.rows.find((d) => d.name === 'Library entrance kiosk')!;
    await api.frs.updateDevice({ params: { id: library._id }, body: { requireLiveness: true } });
    try {
      const kiosk = await newContext({ javaScriptEnabled: false });
      const device = await kiosk.newPage();
      await device.goto(url('/kiosk'));
      await device.getByLabel('Device key').fill(deviceKey);
      await device.getByRole('button', { name: 'Sign in device' }).click();
      await device.getByLabel(/^Second photo: Turn your head to your (left|right)\./).waitFor({ state: 'attached' });
      const challenge = device.locator('input[type="hidden"][name="challenge"]');
      const first = await challenge.inputValue();
      // The page carries the challenge's id, not the turn: the API checks the turn it remembers.
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      // The same photo twice: no head turn, refused; the page that answers asks a new challenge.
      await device.getByLabel('Photo of your face').setInputFiles({ name: 'first.jpg', mimeType: 'image/jpeg', buffer: AUTHOR.probe });
      await device.getByLabel(/^Second photo/).setInputFiles({ name: 'second.jpg', mimeType: 'image/jpeg', buffer: AUTHOR.probe });
      await device.getByRole('button', { name: 'Clock in / out' }).click();
      await device.getByText('The liveness check failed: turn your head as asked and try again.').waitFor({ timeout: 150_000 });
      const next = await challenge.inputValue();
      expect(next).toMatch(/^[0-9a-f-]{36}$/);
      expect(next).not.toBe(first);
      await kiosk.close();
    } finally {
      await api.frs.updateDevice({ params: { id: library._id }, body: { requireLiveness: false } });
    }
  }, 180_000);
});
