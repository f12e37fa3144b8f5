import type { LoaderFunctionArgs } from '@remix-run/node';
import { config } from '../lib/config.server';
import { apiFetch } from '../lib/http.server';

/** Readiness of the console for load balancers: open without a session. */
export const publicPage = true;

/**
 * 200 `{ status: 'ready', api: 'ready', draining: false }` when this console may take requests: it is not shutting
 * down (`server.mjs` marks it draining on SIGTERM) and its API answers its own `/readyz` (database reachable,
 * migrations current, not draining) within the API timeout; otherwise 503 with each condition.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  const draining = context.draining?.() === true;
  let api: 'ready' | 'not-ready' | 'down' = 'down';
  if (!draining) {
    try {
      const answer = await apiFetch(`${config().apiUrl}/readyz`, { method: 'GET', headers: {} });
      api = answer.status === 200 ? 'ready' : 'not-ready';
    } catch {
      // unreachable or timed out: down
    }
  }
  const ready = !draining && api === 'ready';
  return Response.json(
    ready
      ? { status: 'ready', api, draining }
      : {
          status: 'not-ready',
          api: draining ? 'unchecked' : api,
          draining,
          message: draining ? 'The server is shutting down.' : 'The API is not ready.',
        },
    { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
