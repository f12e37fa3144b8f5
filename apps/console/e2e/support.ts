import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApiClient } from '@campus/api-contract';
import axe from 'axe-core';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { REPO_ROOT } from './harness';
// The launcher applications, as the console's area manifests declare them: samples and choices of entities read them.
import '../app/areas/manifests';

/** The demo accounts the API seeds (password `Campus!Demo2026`). */
export const DEMO_PASSWORD = 'Campus!Demo2026';
export const DEMO_USERS = {
  admin: { email: 'admin@example.edu', password: DEMO_PASSWORD },
  registrar: { email: 'registrar@example.edu', password: DEMO_PASSWORD },
} as const;
export type DemoUser = { email: string; password: string };

/** URLs and files of the running harness (started once per run by global-setup.ts). */
export function harness() {
  return {
    apiUrl: inject('apiUrl'),
    consoleUrl: inject('consoleUrl'),
    dataDir: inject('dataDir'),
    apiLogFile: inject('apiLogFile'),
    apiPid: inject('apiPid'),
    consolePid: inject('consolePid'),
  };
}

/** `consoleUrl` + path. */
export function url(path: string): string {
  return `${harness().consoleUrl}${path}`;
}

let shared: Browser | undefined;

/** The run's shared Chromium (one browser process for every spec file). */
export async function browser(): Promise<Browser> {
  shared ??= await chromium.connect(inject('browserWsEndpoint'));
  return shared;
}

/** A fresh context (own cookies) with or without JavaScript. */
export async function newContext(options: { javaScriptEnabled?: boolean; width?: number; height?: number } = {}): Promise<BrowserContext> {
  const b = await browser();
  const context = await b.newContext({
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    baseURL: harness().consoleUrl,
  });
  context.setDefaultTimeout(10_000);
  return context;
}

/**
 * Waits for the document and, when JavaScript runs, for Remix's router to finish navigating and the page to have
 * hydrated (before that a reference field is still the native select that hydration replaces).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.waitForFunction(() => {
    const w = window as unknown as {
      __remixContext?: unknown;
      __remixRouter?: { state: { navigation: { state: string }; revalidation: string } };
    };
    // Without JavaScript the page's inline scripts never ran: there is nothing to wait for.
    if (!w.__remixContext) return true;
    const router = w.__remixRouter;
    if (!router || router.state.navigation.state !== 'idle' || router.state.revalidation !== 'idle') return false;
    // With it, every page (areas or not, error pages too) has hydrated once the root marks the document: that render
    // is the one that adds the controls only JavaScript adds.
    return document.documentElement.dataset.hydrated === 'true';
  });
  // React may commit the new page a frame after the router is idle.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** Signs in through the sign-in form (works with JavaScript on or off) and waits to leave /auth. */
export async function signIn(page: Page, user: DemoUser = DEMO_USERS.admin, path = '/auth'): Promise<void> {
  await page.goto(url(path));
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel(/^Password\*?$/).fill(user.password);
  await Promise.all([page.waitForURL((u) => !u.pathname.startsWith('/auth')), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
}

/** The API's log so far (for diagnosing a failed run; no mail or code is ever written there). */
export function apiLog(): string {
  return readFileSync(harness().apiLogFile, 'utf8');
}

/**
 * The latest reset code sent to `email`, read from the API's outbox (where mail goes without SMTP) as the demo
 * IAM administrator would read it, waiting up to 5 s for it to arrive.
 */
export async function latestResetCode(email: string): Promise<string> {
  return latestMailedCode(email, /reset code/i, /reset code is (\d{6})/);
}

/** The code in the newest message to `email` whose subject matches, read from the outbox (waits up to 5 s). */
export async function latestMailedCode(email: string, subject: RegExp, code: RegExp): Promise<string> {
  const signIn = await apiClient().signIn({ body: DEMO_USERS.admin });
  if (signIn.status !== 200) throw new Error(`The administrator could not sign in (${signIn.status}).`);
  const admin = apiClient(signIn.body.data.token);
  try {
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline) {
      const list = await admin.listOutbox({ query: { to: email, limit: 1 } });
      const newest = list.status === 200 ? list.body.rows[0] : undefined;
      if (newest && subject.test(newest.subject)) {
        const message = await admin.getOutboxMessage({ params: { id: newest._id } });
        const found = message.status === 200 ? code.exec(message.body.data.text)?.[1] : undefined;
        if (found) return found;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No code for ${email} in the outbox.`);
  } finally {
    await admin.signOut({ params: { userId: signIn.body.data.userId } });
  }
}

/** A typed API client for test set-up (as `token`'s user), reading the envelope secret of the harness. */
export function apiClient(token?: string) {
  const secrets = JSON.parse(readFileSync(join(harness().dataDir, 'secrets.json'), 'utf8')) as { responseEncryptionKey: string };
  return createApiClient({ baseUrl: harness().apiUrl, token, encryptionKey: secrets.responseEncryptionKey });
}

/** The API token inside the browser's `msc.session` cookie (signed, base64 JSON). */
export async function sessionToken(context: BrowserContext): Promise<{ token: string; userId: string }> {
  const cookie = (await context.cookies()).find((c) => c.name === 'msc.session');
  if (!cookie) throw new Error('No msc.session cookie.');
  const value = decodeURIComponent(cookie.value);
  const payload = value.slice(0, value.lastIndexOf('.'));
  return JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { token: string; userId: string };
}

export interface AxeViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: number;
}

/**
 * Runs axe-core in the page; returns the serious and critical violations. axe is evaluated through the browser's
 * debugging protocol, which the page's Content Security Policy (nonce-only scripts) rightly does not let a script
 * tag do.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeViolation[]> {
  // Colours are checked as they end up, not halfway through the page's fade-in or a drawer's slide.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number(a.effect?.getComputedTiming().endTime ?? Infinity) < Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await page.evaluate(axe.source);
  const results = await page.evaluate(async () => {
    const w = window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: unknown[] }[] }> } };
    return w.axe.run(document);
  });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length }));
}

/** Where screenshots go. */
export const TEST_OUTPUT = join(REPO_ROOT, 'apps/console/test-output');

/**
 * Clicks `target`, which loads a new document (a form posted without JavaScript, a link), and waits until that
 * document has loaded. `waitForURL` cannot be used when the answer comes back to the same address (a form that
 * redirects to its own page): it returns at once, and the test then reads a page the browser is still receiving.
 */
export async function clickAndLoad(page: Page, target: Locator): Promise<void> {
  await Promise.all([page.waitForEvent('framenavigated', { predicate: (frame) => frame === page.mainFrame() }), target.click()]);
  await page.waitForLoadState('load');
}

/**
 * Full-page screenshots of `page` at the desktop (1280×800) and phone (390×844) widths, as
 * `test-output/<folder>/<name>-<width>x<height>.png`, for a person to look at; the page is left at the desktop width.
 */
export async function shootBothWidths(page: Page, folder: string, name: string): Promise<void> {
  const dir = join(TEST_OUTPUT, folder);
  mkdirSync(dir, { recursive: true });
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: join(dir, `${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
