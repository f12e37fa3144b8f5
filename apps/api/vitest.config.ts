import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Generous: with both database passes, the console's tests and the linters sharing two cores, tests that take a
    // few seconds alone have taken over 30.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time keep a small machine responsive. Worker threads rather than
    // forked processes: a busy fork answered the runner's progress calls too late under load ("Timeout calling
    // onTaskUpdate") although every test passed.
    pool: 'threads',
    maxWorkers: 2,
    minWorkers: 1,
  },
});
