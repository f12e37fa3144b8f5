import { defineConfig } from 'vitest/config';

// Loader and action tests. The Remix Vite plugin stays out of test configs.
export default defineConfig({
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  test: {
    include: ['app/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 20_000,
  },
});
