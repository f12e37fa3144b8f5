import type { AppLoadContext } from '@remix-run/node';
import { initClient, type AppRouter } from '@ts-rest/core';
import { createApiClient, envelopeFetcher, type ApiClient, type ApiFetch, type FetchedResponse } from '@campus/api-contract';
import { consoleProof, envelopeCodec, type EnvelopeCodec } from '@campus/api-contract/node';
import { failureNotice } from '@campus/ui';
import { config } from './config.server.js';
import { cookiesFor, clientIdsInRequest, clientTokenCookie } from './cookies.server.js';
import { apiFetch } from './http.server.js';
import { noticeCookie } from './notice.server.js';
import { readSession } from './session.server.js';

let codec: { key: string; codec: EnvelopeCodec } | undefined;

/** The envelope codec for the configured key, on node:crypto (made once). */
function envelope(): EnvelopeCodec {
  const key = config().responseEncryptionKey;
  if (codec?.key !== key) codec = { key, codec: envelopeCodec(key) };
  return codec.codec;
}

let proof: { secret: string; value: string } | undefined;

/** The header value that makes the API believe the browser's address this console forwards (made once). */
function proofForApi(): string {
  const secret = config().sessionSecret;
  if (proof?.secret !== secret) proof = { secret, value: consoleProof(secret) };
  return proof.value;
}

/** The browser's address, which `server.mjs` puts on every request it hands to Remix. */
export function clientAddressOf(request: Request): string | undefined {
  return request.headers.get('x-campus-client-address') || undefined;
}

/** Reads the message of an API error answer (envelope or plain JSON); undefined when there is none. */
export async function errorMessageOf(response: FetchedResponse): Promise<string | undefined> {
  try {
    const text = await response.text();
    const type = response.headers.get('content-type') ?? '';
    const body: unknown = type.startsWith('text/plain') ? envelope().decode(text) : JSON.parse(text);
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answer to an API 401 (spec §4, §8): the session is marked expired (its cookies cleared), the failure
 * notice is shown, and the user goes to /auth.
 */
export async function sessionExpiredResponse(request: Request, apiMessage?: string): Promise<Response> {
  const { session } = cookiesFor(request);
  const headers = new Headers({ Location: '/auth' });
  headers.append('Set-Cookie', await session.destroySession(await session.getSession(request.headers.get('cookie'))));
  for (const clientId of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, clientId, null));
  headers.append('Set-Cookie', await noticeCookie(request, failureNotice(apiMessage)));
  return new Response(null, { status: 302, headers });
}

/**
 * A client without a session: sign-in, recovery and reset. The browser's address (from the server's load
 * context) goes along so that the API's per-address sign-in limit counts people, not the console.
 */
export function publicApi(context?: AppLoadContext): ApiClient {
  return createApiClient({
    baseUrl: config().apiUrl,
    envelope: envelope(),
    clientAddress: context?.clientAddress,
    consoleProof: proofForApi(),
    fetch: apiFetch,
  });
}

/** A client with an explicit token and no 401 handling (sign-in flow, logout). */
export function apiWithToken(token: string, request?: Request): ApiClient {
  return createApiClient({
    baseUrl: config().apiUrl,
    token,
    envelope: envelope(),
    clientAddress: request ? clientAddressOf(request) : undefined,
    consoleProof: proofForApi(),
    fetch: apiFetch,
  });
}

/** `apiFetch` for the signed-in user of `request`: an API 401 throws the session-expired redirect. */
function guardedFetchFor(request: Request): ApiFetch {
  return async (url, init) => {
    const response = await apiFetch(url, init);
    if (response.status === 401) throw await sessionExpiredResponse(request, await errorMessageOf(response));
    return response;
  };
}

/** How long an upload handed on to the API may take, body included. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Hands the multipart body of `request` (an upload) to the API route at `path` as it arrives, with the signed-in
 * user's token: the console never holds the file, whole or parsed. Answers the API's status and decoded body; a 401
 * throws the session-expired redirect like `apiFor`.
 */
export async function forwardUpload(request: Request, path: string): Promise<{ status: number; body: unknown }> {
  const { token } = await readSession(request);
  if (!token) throw await sessionRequiredResponse(request);
  const fetcher = envelopeFetcher({
    baseUrl: config().apiUrl,
    token,
    envelope: envelope(),
    clientAddress: clientAddressOf(request),
    consoleProof: proofForApi(),
    fetch: guardedFetchFor(request),
  });
  const args = {
    path: `${config().apiUrl}${path}`,
    method: 'POST',
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
    body: request.body,
    fetchOptions: { timeoutMs: UPLOAD_TIMEOUT_MS },
  };
  const { status, body } = await fetcher(args as unknown as Parameters<typeof fetcher>[0]);
  return { status, body };
}

/**
 * The typed API client for the signed-in user of `request`, carrying the session's token. When the API
 * answers 401 (expired or revoked token), the call throws the session-expired redirect, which Remix turns into
 * the response: loaders and actions never see a 401. Without a session it throws a redirect to /auth.
 */
export async function apiFor(request: Request): Promise<ApiClient> {
  const { token } = await readSession(request);
  if (!token) throw await sessionRequiredResponse(request);
  const guardedFetch = guardedFetchFor(request);
  return createApiClient({
    baseUrl: config().apiUrl,
    token,
    envelope: envelope(),
    clientAddress: clientAddressOf(request),
    consoleProof: proofForApi(),
    fetch: guardedFetch,
  });
}

/** Redirect to /auth for a page that needs a session when there is none. */
export async function sessionRequiredResponse(_request: Request): Promise<Response> {
  return new Response(null, { status: 302, headers: { Location: '/auth' } });
}

/**
 * A thrown error page for an unexpected API answer: the API's message (or `Error`) with its status, shown by
 * the nearest ErrorBoundary (spec §8: the message or 'Error', status default 500).
 */
export function failureResponse(status: number, body: unknown): Response {
  const message = (body as { message?: unknown } | null)?.message;
  return Response.json(
    { message: typeof message === 'string' && message ? message : 'Error' },
    { status: status >= 400 && status <= 599 ? status : 500 },
  );
}

/**
 * The typed client of an area's own contract (`supportContract`, …) for the signed-in user of `request`; a 401
 * throws the session-expired redirect like `apiFor`.
 */
export async function contractClientFor<C extends AppRouter>(request: Request, contract: C) {
  const { token } = await readSession(request);
  if (!token) throw await sessionRequiredResponse(request);
  return contractClientWithToken(request, token, contract);
}

/** The typed client of an area's contract carrying `token` for the user of `request`; a 401 throws like `apiFor`. */
export function contractClientWithToken<C extends AppRouter>(request: Request, token: string, contract: C) {
  return initClient(contract, {
    baseUrl: config().apiUrl,
    baseHeaders: {},
    api: envelopeFetcher({ baseUrl: config().apiUrl, token, envelope: envelope(), clientAddress: clientAddressOf(request), fetch: guardedFetchFor(request) }),
  });
}

/** The typed client of an area's contract without a session, for public pages (the browser's address goes along). */
export function publicContractClient<C extends AppRouter>(context: AppLoadContext | undefined, contract: C) {
  return initClient(contract, {
    baseUrl: config().apiUrl,
    baseHeaders: {},
    api: envelopeFetcher({ baseUrl: config().apiUrl, envelope: envelope(), clientAddress: context?.clientAddress, fetch: apiFetch }),
  });
}
