import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Closes what the harness opened for each file when the file ends (src/test/file-end.ts).
    setupFiles: ['src/test/setup-file.ts'],
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
    // A worker keeps its modules from one file to the next instead of importing the app again for each (decision
    // 0079): each file still opens its own database and builds its own app, but the modules, and what they compile
    // once (the routes' schemas and serialisers), are loaded once per worker. This halved the suite's time. A file
    // that changes module state others read (the launcher's applications) puts it back when it ends.
    isolate: false,
  },
});
