import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { registerLauncherApplications } from './areas/manifests';

/**
 * A code chunk that fails to load (typically after a new release replaced the files) reloads the page
 * (spec §8). A guard in sessionStorage stops a reload loop when the chunk is really gone.
 */
function reloadOnce(): void {
  const key = `cas:chunk-reload:${location.pathname}`;
  const last = Number(sessionStorage.getItem(key) ?? 0);
  if (Date.now() - last < 10_000) return;
  sessionStorage.setItem(key, String(Date.now()));
  location.reload();
}

const CHUNK_FAILURE = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce();
});
window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  const reason: unknown = event.reason;
  const message = reason instanceof Error ? reason.message : String(reason);
  if (CHUNK_FAILURE.test(message)) reloadOnce();
});

// The launcher applications (an account's admin-scope choices read them) are known before the first render.
registerLauncherApplications();

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
