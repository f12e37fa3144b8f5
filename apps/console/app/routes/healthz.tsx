import { config } from '../lib/config.server';
import { apiFetch } from '../lib/http.server';

/** Health of the console and its API, for the start script and load balancers: open without a session. */
export const publicPage = true;

/**
 * Health of the console and of the API behind it (used by the start script, the test harness and load balancers):
 * 200 `{ status: 'ok', api: 'up' }` when the API's own health check answers within the API timeout, otherwise
 * 503 `{ status: 'error', api: 'down' }` — a console that cannot reach its API cannot serve a page.
 */
export async function loader() {
  let api: 'up' | 'down' = 'down';
  try {
    const answer = await apiFetch(`${config().apiUrl}/healthz`, { method: 'GET', headers: {} });
    if (answer.status === 200) api = 'up';
  } catch {
    // unreachable or timed out: down
  }
  return Response.json(
    { status: api === 'up' ? 'ok' : 'error', api },
    { status: api === 'up' ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
}
