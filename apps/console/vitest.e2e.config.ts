import { defineConfig } from 'vitest/config';

// End-to-end suite: one harness (API + console + browser) for the whole run, files one after another.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    // The files run in one process that keeps its modules (and its connection to the run's browser) from one file to
    // the next, instead of a new process importing them again for each file: 14 s of collecting instead of 131 s,
    // and 2 minutes between files instead of 5 (decision 0079). No file changes module state or the environment.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    environment: 'node',
  },
});
