import type { ApiFetch, FetchedResponse } from '@campus/api-contract';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { request, type FormData as UndiciFormData } from 'undici';
import { config } from './config.server.js';
import { requestId, withRequestIdHeader } from './request-id.server.js';

/** What the console says when the API is down, hangs or cannot be reached (shown on the error page with 503). */
export const SERVICE_UNAVAILABLE =
  'The Campus Administration System is unavailable right now. Please try again in a few minutes.';

/** The thrown 503 page of an API outage. */
export function serviceUnavailable(): Response {
  return Response.json({ message: SERVICE_UNAVAILABLE }, { status: 503, headers: { 'Retry-After': '30' } });
}

/**
 * How the console's server sends its API requests: undici's `request`, over the same pooled keep-alive
 * connections as the global fetch but without the web streams and Request/Response objects fetch builds around
 * each call (a page makes two API calls; fetch's wrapping cost a third of a millisecond of CPU each).
 *
 * Every call has a deadline (`API_TIMEOUT_MS`, default 10 s) for the whole exchange, body included. When the API
 * refuses the connection, drops it or misses the deadline, the call throws the 503 page (`serviceUnavailable`),
 * so an outage shows the product's words instead of a bare 500 or a page that waits for minutes.
 */
export const apiFetch: ApiFetch = async (url, init) => {
  // Multipart forms go out as undici streams them, with their boundary; a stream (an upload handed on) goes out as it
  // arrives; everything else is text.
  const body =
    init.body === undefined
      ? undefined
      : init.body instanceof FormData
        ? (init.body as unknown as UndiciFormData)
        : init.body instanceof ReadableStream
          ? Readable.fromWeb(init.body as WebReadableStream<Uint8Array>)
          : String(init.body);
  // The deadline's timer is cleared when the call ends: `AbortSignal.timeout` would leave one behind per call, which
  // fires ten seconds later and builds its TimeoutError (a stack trace) for a call long answered.
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(new DOMException('The API did not answer in time.', 'TimeoutError')),
    init.timeoutMs ?? config().apiTimeoutMs,
  ).unref();
  const signal = init.signal ? AbortSignal.any([init.signal, deadline.signal]) : deadline.signal;
  let answer: Awaited<ReturnType<typeof request>>;
  let text: string;
  try {
    answer = await request(url, {
      method: init.method as 'GET',
      headers: withRequestIdHeader(init.headers),
      ...(body === undefined ? {} : { body }),
      signal,
    });
    text = await answer.body.text();
  } catch (error) {
    // The caller's own abort stays an abort; anything else is the API being away.
    if (init.signal?.aborted) throw error;
    console.error(
      `API call failed (${deadline.signal.aborted ? 'timed out' : ((error as { code?: string }).code ?? 'error')}): ${init.method ?? 'GET'} ${new URL(url).pathname}` +
        ` [request ${requestId() ?? '-'}]`,
    );
    throw serviceUnavailable();
  } finally {
    clearTimeout(timer);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  const response: FetchedResponse = { status: answer.statusCode, headers, text: async () => text };
  return response;
};
