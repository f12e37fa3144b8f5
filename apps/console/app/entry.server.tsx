import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceProvider } from './lib/nonce.js';
import { wholePage } from './lib/whole-page.server.js';

// server.mjs refuses cross-site posts with this before Remix sees them (it reaches it as build.entry.module).
export { isCrossSiteRequest } from './lib/security.server.js';
// … and runs each request under its id, which the API calls send on (`x-request-id`).
export { withRequestId } from './lib/request-id.server.js';

const ABORT_DELAY = 5_000;

/**
 * Server rendering, with the response's CSP nonce (set by `server.mjs`) on every script Remix writes.
 *
 * The page leaves whole: it is rendered to the end, compressed when the browser takes gzip, and written with its
 * length in one go (see `wholePage`). No page of the console streams data in later, so nothing arrives sooner by
 * streaming; in exchange a console process that dies while it works on a page has sent nothing of it, and the load
 * balancer can ask another process for the same page instead of handing on half of one.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  return new Promise<Response>((resolve, reject) => {
    let abortRendering = (): void => undefined;
    const timer = setTimeout(() => abortRendering(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          wholePage(pipe, request.headers.get('accept-encoding'), responseHeaders).then(
            (body) => {
              clearTimeout(timer);
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
            },
            (error: unknown) => {
              clearTimeout(timer);
              reject(error);
            },
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          // An error inside a boundary: the page still renders (the boundary's fallback) and answers 500.
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    abortRendering = abort;
  });
}
