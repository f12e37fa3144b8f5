import { defineConfig } from 'vitest/config';

// Loader and action tests. The Remix Vite plugin stays out of test configs.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'node',
    env: { SESSION_SECRET: 'test-session-secret', RESPONSE_ENCRYPTION_KEY: 'test-envelope-secret', API_URL: 'http://127.0.0.1:9' },
    // Generous: these tests start the real API and build with Vite while CI runs the API's suites on the same cores.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
