import { vitePlugin as remix } from '@remix-run/dev';
import { defineConfig, type Plugin } from 'vite';
import { areaRoutes } from './app/areas/routes';

declare module '@remix-run/node' {
  interface Future {
    v3_singleFetch: true;
  }
}

/** An area's manifest names its routes: when one changes, the dev server starts again and reads them anew. */
const areaManifests: Plugin = {
  name: 'campus:area-manifests',
  configureServer(server) {
    // Remix's own compiler (configured inline, without this file) starts again with the server.
    if (!server.config.configFile) return;
    server.watcher.on('change', (file) => {
      if (/[/\\]app[/\\]areas[/\\][^/\\]+[/\\]area\.ts$/.test(file)) void server.restart();
    });
  },
};

export default defineConfig({
  plugins: [
    areaManifests,
    remix({
      // Tests beside route modules are not routes.
      ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
      // Each area folder with screens of its own gets a layout route under its segment (same admin layout), holding
      // them, and its public pages at their addresses: read from the folders' `area.ts` (see app/areas/routes.ts).
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
