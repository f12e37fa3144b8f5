import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time keep a small machine responsive. Worker threads rather than
    // forked processes: a busy fork answered the runner's progress calls too late under load ("Timeout calling
    // onTaskUpdate") although every test passed.
    pool: 'threads',
    maxWorkers: 2,
    minWorkers: 1,
  },
});
