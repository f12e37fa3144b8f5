import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { Bursts } from './lib/bursts.server.js';
import { NonceProvider } from './lib/nonce.js';

// server.mjs refuses cross-site posts with this before Remix sees them (it reaches it as build.entry.module).
export { isCrossSiteRequest } from './lib/security.server.js';
// … and runs each request under its id, which the API calls send on (`x-request-id`).
export { withRequestId } from './lib/request-id.server.js';

const ABORT_DELAY = 5_000;

/**
 * Server rendering, with the response's CSP nonce (set by `server.mjs`) on every script Remix writes. Bots get
 * the whole document at once; browsers get it streamed from the shell.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = typeof loadContext.cspNonce === 'string' ? loadContext.cspNonce : undefined;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let abortRendering = (): void => undefined;
    const timer = setTimeout(() => abortRendering(), ABORT_DELAY);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          // What React writes between two flushes travels as one chunk (see Bursts).
          const body = new Bursts();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
          body.once('end', () => clearTimeout(timer));
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell are logged here; before it, onShellError rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
    abortRendering = abort;
  });
}
