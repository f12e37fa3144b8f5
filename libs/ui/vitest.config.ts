import { defineConfig } from 'vitest/config';

// Component tests and story tests run in jsdom. No Remix plugin here: the library is plain React.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    testTimeout: 15_000,
  },
});
