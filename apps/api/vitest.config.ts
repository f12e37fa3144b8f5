import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time keep a small machine responsive.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
