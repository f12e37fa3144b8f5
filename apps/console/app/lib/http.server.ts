import type { ApiFetch, FetchedResponse } from '@campus/api-contract';
import { request } from 'undici';

/**
 * How the console's server sends its API requests: undici's `request`, over the same pooled keep-alive
 * connections as the global fetch but without the web streams and Request/Response objects fetch builds around
 * each call (a page makes two API calls; fetch's wrapping cost a third of a millisecond of CPU each).
 */
export const apiFetch: ApiFetch = async (url, init) => {
  // The API takes JSON (and form-encoded text); nothing the console sends is multipart.
  if (typeof FormData !== 'undefined' && init.body instanceof FormData) throw new TypeError('Multipart bodies are not sent to the API.');
  const answer = await request(url, {
    method: init.method as 'GET',
    headers: init.headers,
    ...(init.body === undefined ? {} : { body: String(init.body) }),
    ...(init.signal ? { signal: init.signal } : {}),
  });
  const text = await answer.body.text();
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const response: FetchedResponse = { status: answer.statusCode, headers, text: async () => text };
  return response;
};
