import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';
import { REPO_ROOT, startHarness, type Harness } from './harness';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    consoleUrl: string;
    dataDir: string;
    apiLogFile: string;
    apiPid: number;
    consolePid: number;
    browserWsEndpoint: string;
  }
}

let harness: Harness | undefined;
let browserServer: BrowserServer | undefined;

/** One API, one console and one browser for the whole end-to-end run. */
export async function setup(project: TestProject) {
  mkdirSync(join(REPO_ROOT, 'apps/console/test-output'), { recursive: true });
  [harness, browserServer] = await Promise.all([
    startHarness(),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true }),
  ]);
  project.provide('apiUrl', harness.apiUrl);
  project.provide('consoleUrl', harness.consoleUrl);
  project.provide('dataDir', harness.dataDir);
  project.provide('apiLogFile', harness.apiLogFile);
  project.provide('apiPid', harness.apiPid);
  project.provide('consolePid', harness.consolePid);
  project.provide('browserWsEndpoint', browserServer.wsEndpoint());
}

export async function teardown() {
  await browserServer?.close();
  await harness?.stop();
}
