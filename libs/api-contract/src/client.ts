import { initClient, type ApiFetcher, type AppRoute } from '@ts-rest/core';
import { isApplicationCode, type AnyEntity } from '@campus/domain-core';
import { areaSummaryContractOf, areaSummaryOperationName, type AreaSummary } from './area-summary.js';
import { batchContract } from './batch.js';
import { outboxContract } from './outbox.js';
import { coreContract } from './core.js';
import { secondFactorContract, ssoContract } from './sso.js';
import { passkeyContract } from './passkeys.js';
import { frsContract } from './frs.js';
import { crudContract, crudOperationNames } from './crud.js';
import { decodeEnvelope, DECRYPT_FAILURE_MESSAGE } from './envelope.js';
import type { ErrorBody } from './errors.js';
import type { ListQueryInput } from './list-query.js';
import { entityRegistry } from './registry.js';

/** What the client reads of an HTTP answer: a fetch `Response` has it, and so may a lighter server-side one. */
export interface FetchedResponse {
  readonly status: number;
  readonly headers: Headers;
  text(): Promise<string>;
}

/** The request the client makes: a URL, a method, headers as a plain object, and a body when there is one. */
export type ApiFetch = (
  url: string,
  init: {
    method: string;
    headers: Record<string, string>;
    /** A stream is a request body handed on as it arrives (an upload passed through), never read whole. */
    body?: string | FormData | URLSearchParams | ReadableStream<Uint8Array>;
    signal?: AbortSignal | null;
    /** The deadline of this call, in place of the caller's default (an upload takes longer than a page). */
    timeoutMs?: number;
  },
) => Promise<FetchedResponse>;

export interface ApiClientOptions {
  /** Where the API listens, e.g. `http://127.0.0.1:4000` (no trailing `/core/v1.0`). */
  readonly baseUrl: string;
  /** The session token, sent as `Authorization: Bearer …`. */
  readonly token?: string | undefined;
  /** `RESPONSE_ENCRYPTION_KEY`: decodes `text/plain` envelope answers. Plain JSON answers need none. */
  readonly encryptionKey?: string | undefined;
  /** How requests are sent (defaults to the global fetch). */
  readonly fetch?: ApiFetch;
  /**
   * The address of the person behind the call, sent as `X-Forwarded-For` so the API's per-address sign-in limit
   * counts people rather than the console server, and the audit trail records the person's address.
   */
  readonly clientAddress?: string | undefined;
  /**
   * The console's proof (`consoleProof(SESSION_SECRET)` of `@campus/api-contract/node`), sent with
   * `clientAddress`: the API believes `X-Forwarded-For` only from a caller that proves to be the console.
   */
  readonly consoleProof?: string | undefined;
  /**
   * Decodes envelope tokens in place of the crypto-js decoder and `encryptionKey`: a server passes
   * `envelopeCodec(key)` from `@campus/api-contract/node`, which is several times cheaper on Node.
   */
  readonly envelope?: { decode(token: string): unknown } | undefined;
  /** Where decryption failures are reported (defaults to `console.error`). */
  readonly onDecryptFailure?: (error: Error) => void;
}

/** A record as the API returns it: base fields, the entity's fields, and labels of referenced records. */
export interface EntityRecord {
  readonly _id: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly modifiedById: string | null;
  readonly _labels?: Record<string, string>;
  readonly [field: string]: unknown;
}

export interface ApiResult<S extends number, B> {
  readonly status: S;
  readonly body: B;
  readonly headers: Headers;
}
/** Statuses an error answer may carry; the body is always `{ message, fieldErrors? }`. */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;
export type ApiFailure = ApiResult<FailureStatus, ErrorBody>;

export interface ResourceClient {
  list(
    query?: ListQueryInput,
  ): Promise<ApiResult<200, { rows: EntityRecord[]; count: number; estimated?: boolean }> | ApiFailure>;
  get(id: string): Promise<ApiResult<200, { data: EntityRecord }> | ApiFailure>;
  create(body: Record<string, unknown>): Promise<ApiResult<201, { data: EntityRecord }> | ApiFailure>;
  /** Any subset of the writable fields; `{ isActive }` or `{ status }` alone is the spec's state change. */
  update(
    id: string,
    body: Record<string, unknown>,
  ): Promise<ApiResult<200, { data: EntityRecord }> | ApiFailure>;
}

/**
 * The fetcher behind the typed client: adds the bearer token, decodes `text/plain` envelopes (decrypt, then
 * parse JSON twice) and parses plain JSON, returning `{ status, body, headers }`.
 */
export function envelopeFetcher(options: ApiClientOptions): ApiFetcher {
  const doFetch: ApiFetch = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const report =
    options.onDecryptFailure ?? ((error: Error) => console.error(DECRYPT_FAILURE_MESSAGE, error.message));
  return async ({ path, method, headers, body, fetchOptions }) => {
    const requestHeaders: Record<string, string> = { ...headers };
    if (options.token) requestHeaders.authorization = `Bearer ${options.token}`;
    if (options.clientAddress) {
      requestHeaders['x-forwarded-for'] = options.clientAddress;
      if (options.consoleProof) requestHeaders['x-campus-console'] = options.consoleProof;
    }
    const response = await doFetch(path, {
      ...fetchOptions,
      method,
      headers: requestHeaders,
      ...(body === null || body === undefined ? {} : { body }),
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? '';
    let parsed: unknown = text;
    const { envelope, encryptionKey } = options;
    if (contentType.startsWith('text/plain') && (envelope || encryptionKey) && text.startsWith('v1.')) {
      try {
        parsed = envelope ? envelope.decode(text) : decodeEnvelope(text, encryptionKey!);
      } catch (error) {
        report(error as Error);
        throw error;
      }
    } else if (contentType.includes('json')) {
      parsed = text === '' ? undefined : JSON.parse(text);
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

type RouteCall = (
  args: Record<string, unknown>,
) => Promise<{ status: number; body: unknown; headers: Headers }>;

/**
 * The typed API client for the console: the core operations (`signIn`, `getCurrentUser`, `signOut`,
 * `changePassword`, `requestPasswordRecovery`, `verifyPasswordReset`, `resetPassword`, `createAuditTrail`,
 * `listAuditTrails`), Access Management's `listOutbox` and `getOutboxMessage`, and `resource(name)` for the CRUD operations of any registered entity.
 */
export function createApiClient(options: ApiClientOptions) {
  const clientArgs = {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    baseHeaders: {},
    api: envelopeFetcher(options),
  };
  // A page makes one to three calls, so each contract's client is made when it is first used, not with the client.
  const core = lazily(() => initClient(coreContract, clientArgs));
  const outbox = lazily(() => initClient(outboxContract, clientArgs));
  const resourceClients = new Map<string, ResourceClient>();

  function resource(name: string | AnyEntity): ResourceClient {
    const entity = typeof name === 'string' ? entityRegistry.byResource(name) : name;
    if (!entity) throw new Error(`Unknown resource ${String(name)}.`);
    const cached = resourceClients.get(entity.resource);
    if (cached) return cached;
    const names = crudOperationNames(entity);
    const calls = initClient(
      crudContract(entity) as Record<string, AppRoute>,
      clientArgs,
    ) as unknown as Record<string, RouteCall>;
    const call = (op: string, args: Record<string, unknown>) => calls[op]!(args) as Promise<never>;
    const client: ResourceClient = {
      list: (query = {}) => call(names.list, { query }),
      get: (id) => call(names.get, { params: { id } }),
      create: (body) => call(names.create, { body }),
      update: (id, body) => call(names.update, { params: { id }, body }),
    };
    resourceClients.set(entity.resource, client);
    return client;
  }

  /** `GET /core/v1.0/areas/{code}/summary`: an area index's counts and attention figures in one call. */
  const areaClients = new Map<string, RouteCall>();
  function areaSummary(code: string): Promise<ApiResult<200, { data: AreaSummary }> | ApiFailure> {
    let call = areaClients.get(code);
    if (!call) {
      if (!isApplicationCode(code)) throw new Error(`Unknown application ${code}.`);
      const route = areaSummaryContractOf(code);
      const calls = initClient(route as Record<string, AppRoute>, clientArgs) as unknown as Record<
        string,
        RouteCall
      >;
      areaClients.set(code, (call = calls[areaSummaryOperationName(code)]!));
    }
    return call({}) as Promise<never>;
  }

  type Core = ReturnType<typeof core>;
  type Outbox = ReturnType<typeof outbox>;
  const client = { resource, areaSummary } as Core &
    Outbox & {
      readonly sso: ReturnType<typeof initClient<typeof ssoContract, typeof clientArgs>>;
      readonly secondFactor: ReturnType<typeof initClient<typeof secondFactorContract, typeof clientArgs>>;
      readonly passkeys: ReturnType<typeof initClient<typeof passkeyContract, typeof clientArgs>>;
      readonly batch: ReturnType<typeof initClient<typeof batchContract, typeof clientArgs>>;
      readonly frs: ReturnType<typeof initClient<typeof frsContract, typeof clientArgs>>;
      resource: typeof resource;
      areaSummary: typeof areaSummary;
    };
  const operations = (make: () => Record<string, unknown>, contract: object) => {
    for (const name of Object.keys(contract))
      Object.defineProperty(client, name, { enumerable: true, get: () => make()[name] });
  };
  operations(core, coreContract);
  operations(outbox, outboxContract);
  const part = (name: string, make: () => unknown) =>
    Object.defineProperty(client, name, { enumerable: true, get: lazily(make) });
  part('sso', () => initClient(ssoContract, clientArgs));
  part('secondFactor', () => initClient(secondFactorContract, clientArgs));
  part('passkeys', () => initClient(passkeyContract, clientArgs));
  part('batch', () => initClient(batchContract, clientArgs));
  part('frs', () => initClient(frsContract, clientArgs));
  return client;
}

/** `make()` on first call, the same value after. */
function lazily<T>(make: () => T): () => T {
  let value: T | undefined;
  let made = false;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}
export type ApiClient = ReturnType<typeof createApiClient>;
