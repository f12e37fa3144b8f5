import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig } from 'vite';
import { areaRoutes } from './app/areas/routes';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      // Tests beside route modules are not routes.
      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
      // Each area with screens of its own gets a layout route under its segment (same admin layout), holding them.
      routes: async (defineRoutes) => areaRoutes(defineRoutes),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: false,
      },
    }),
  ],
  resolve: { alias: { '~': new URL('./app', import.meta.url).pathname } },
  server: { port: 3000 },
  build: { target: 'es2022' },
});
