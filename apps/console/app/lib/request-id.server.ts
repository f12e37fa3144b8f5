import { AsyncLocalStorage } from 'node:async_hooks';
import { REQUEST_ID_HEADER } from '@campus/api-contract/node';

/**
 * The id of the browser's request being served (set by `server.mjs` for each request, from the load balancer's
 * `x-request-id` or new), which every API call of the request sends on as `x-request-id`: one id reads the same in the
 * console's log and the API's.
 */
const current = new AsyncLocalStorage<string>();

/** Runs `next` (the rest of the request's handling) under `id`. */
export function withRequestId<T>(id: string, next: () => T): T {
  return current.run(id, next);
}

/** The id of the request being served, if any. */
export function requestId(): string | undefined {
  return current.getStore();
}

/** `headers` with the request's id added (an id already there is kept). */
export function withRequestIdHeader(headers: Record<string, string>): Record<string, string> {
  const id = current.getStore();
  if (!id || headers[REQUEST_ID_HEADER]) return headers;
  return { ...headers, [REQUEST_ID_HEADER]: id };
}
