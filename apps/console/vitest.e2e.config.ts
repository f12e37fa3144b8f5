import { defineConfig } from 'vitest/config';

// End-to-end suite: one harness (API + console + browser) for the whole run, files one after another.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['./e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    environment: 'node',
  },
});
