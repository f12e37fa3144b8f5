import { redirect, type AppLoadContext } from '@remix-run/node';
import { initClient, type AppRouter } from '@ts-rest/core';
import { createApiClient, envelopeFetcher, type ApiClient, type ApiFetch, type FetchedResponse } from '@campus/api-contract';
import { consoleProof, envelopeCodec, type EnvelopeCodec } from '@campus/api-contract/node';
import { failureNotice } from '@campus/ui';
import { config } from './config.server.js';
import { cookiesFor, clientIdsInRequest, clientTokenCookie, readSession } from './cookies.server.js';
import { apiFetch } from './http.server.js';
import { noticeCookie } from './notice.server.js';

/**
 * How the console's server talks to the API: the envelope, the proof of the browser's address, and the clients —
 * public ones, one with a bare token, and those of a signed-in request (`clientsFor`, made once per request; pages
 * reach them through `signedIn` in `request.server.ts`, which adds the user and the route guard).
 */

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
  headers.append('Set-Cookie', await session.destroySession(await session.getSession()));
  for (const clientId of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, clientId, null));
  headers.append('Set-Cookie', await noticeCookie(request, failureNotice(apiMessage)));
  return new Response(null, { status: 302, headers });
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

/** The typed client of an area's contract without a session, for public pages (the browser's address goes along). */
export function publicContractClient<C extends AppRouter>(context: AppLoadContext | undefined, contract: C) {
  return initClient(contract, {
    baseUrl: config().apiUrl,
    baseHeaders: {},
    api: envelopeFetcher({ baseUrl: config().apiUrl, envelope: envelope(), clientAddress: context?.clientAddress, fetch: apiFetch }),
  });
}

/** The typed client of an area's own contract (`supportContract`, …). */
export type ContractClient<C extends AppRouter> = ReturnType<typeof publicContractClient<C>>;

/** How long an upload handed on to the API may take, body included. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/** The clients of a signed-in request, all on one fetch that turns an API 401 into the session-expired redirect. */
export interface SignedInClients {
  /** The session's API token. */
  readonly token: string;
  /** The client of the core routes and of every entity's generic routes. */
  readonly api: ApiClient;
  /** The client of an area's own contract; made once per contract. */
  client<C extends AppRouter>(contract: C): ContractClient<C>;
  /** Hands the multipart body of the request (an upload) to the API route at `path` as it arrives. */
  forwardUpload(path: string): Promise<{ status: number; body: unknown }>;
}

const clientsOfRequest = new WeakMap<Request, Promise<SignedInClients>>();

/**
 * The clients of `request` carrying its session's token, made once per request; without a session, a thrown
 * redirect to /auth. When the API answers 401 (expired or revoked token), a call throws the session-expired
 * redirect, which Remix turns into the response: loaders and actions never see a 401.
 */
export function clientsFor(request: Request): Promise<SignedInClients> {
  let clients = clientsOfRequest.get(request);
  if (!clients) {
    clients = readSession(request).then(({ token }) => {
      if (!token) throw redirect('/auth');
      return clientsWithToken(request, token);
    });
    clientsOfRequest.set(request, clients);
  }
  return clients;
}

function clientsWithToken(request: Request, token: string): SignedInClients {
  const baseUrl = config().apiUrl;
  const clientAddress = clientAddressOf(request);
  const guardedFetch: ApiFetch = async (url, init) => {
    const response = await apiFetch(url, init);
    if (response.status === 401) throw await sessionExpiredResponse(request, await errorMessageOf(response));
    return response;
  };
  const api = createApiClient({ baseUrl, token, envelope: envelope(), clientAddress, consoleProof: proofForApi(), fetch: guardedFetch });
  let contractFetcher: ReturnType<typeof envelopeFetcher> | undefined;
  const contracts = new Map<AppRouter, unknown>();
  return {
    token,
    api,
    client<C extends AppRouter>(contract: C): ContractClient<C> {
      const known = contracts.get(contract) as ContractClient<C> | undefined;
      if (known) return known;
      contractFetcher ??= envelopeFetcher({ baseUrl, token, envelope: envelope(), clientAddress, fetch: guardedFetch });
      const made = initClient(contract, { baseUrl, baseHeaders: {}, api: contractFetcher });
      contracts.set(contract, made);
      return made;
    },
    async forwardUpload(path) {
      // The console never holds the file, whole or parsed: the body streams through.
      const fetcher = envelopeFetcher({ baseUrl, token, envelope: envelope(), clientAddress, consoleProof: proofForApi(), fetch: guardedFetch });
      const args = {
        path: `${baseUrl}${path}`,
        method: 'POST',
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        body: request.body,
        fetchOptions: { timeoutMs: UPLOAD_TIMEOUT_MS },
      };
      const { status, body } = await fetcher(args as unknown as Parameters<typeof fetcher>[0]);
      return { status, body };
    },
  };
}
