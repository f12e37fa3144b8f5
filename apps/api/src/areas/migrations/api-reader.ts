import http from 'node:http';
import https from 'node:https';
import {
  compareCursor,
  flattenRow,
  PREVIEW_ROWS,
  valueAt,
  type ApiSourceInput,
} from '@campus/domain-migration';
import { HttpError } from '../../platform/http/errors.js';
import type { ReadResult, SourceCells } from './read-run.js';
import { guardedLookup, isUnreachable, literalProblem, SourceProblem } from './host-guard.js';

/** The one answer for a source that could not be reached, or did not answer in time (see `isUnreachable`). */
export const NO_ANSWER = 'No server answered at this address in time.';

/** A failure's text: the reader's own message, or `NO_ANSWER` for the network's. */
const failureText = (error: unknown) => (isUnreachable(error) ? NO_ANSWER : error instanceof Error ? error.message : String(error));

/** An API source as a read needs it: its settings, with its opened secret (held only while the source is read). */
export type ApiReadSpec = Readonly<Omit<ApiSourceInput, 'name'>>;

export interface ApiReadOptions {
  /** The allow-list from the system settings (empty: no host). */
  readonly allowedHosts: readonly string[];
  /** Read only rows whose cursor field is above this value (and send it as the since parameter). */
  readonly after?: string | null;
  /** Stop after the first page. */
  readonly firstPageOnly?: boolean;
  readonly timeoutMs: number;
}

/** Largest answer of one page, rows read at most, pages asked for at most. */
export const API_PAGE_MAX_BYTES = 16 * 1024 * 1024;
export const API_MAX_ROWS = 2_000_000;
const MAX_PAGES = 100_000;
export const API_PAGE_TIMEOUT_MS = 30_000;
export const API_SHORT_TIMEOUT_MS = 15_000;

/** The connections of one read, kept open between its pages and closed when it ends. */
interface Agents {
  readonly http: http.Agent;
  readonly https: https.Agent;
}

async function withAgents<T>(work: (agents: Agents) => Promise<T>): Promise<T> {
  const agents = { http: new http.Agent({ keepAlive: true, maxSockets: 1 }), https: new https.Agent({ keepAlive: true, maxSockets: 1 }) };
  try {
    return await work(agents);
  } finally {
    agents.http.destroy();
    agents.https.destroy();
  }
}

interface Page {
  readonly json: unknown;
  readonly next: string | null;
}

/** The `rel="next"` address of a `Link` header, or null. */
export function nextLink(header: string | string[] | undefined): string | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  for (const part of text.split(/,(?=\s*<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (m && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/i.test(m[2]!)) return m[1]!;
  }
  return null;
}

/** One GET of a page: JSON only, no redirects followed, at most `API_PAGE_MAX_BYTES`, within the time limit. */
function getPage(url: URL, spec: ApiReadSpec, options: ApiReadOptions, agents: Agents): Promise<Page> {
  const refused = literalProblem(url.hostname, options.allowedHosts);
  if (refused) return Promise.reject(refused);
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Campus Administration System data migration' };
  if (spec.authKind === 'bearer' && spec.secret) headers.authorization = `Bearer ${spec.secret}`;
  if (spec.authKind === 'header' && spec.secret) headers[spec.authHeader.toLowerCase()] = spec.secret;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Page>((resolve, reject) => {
    const agent = url.protocol === 'https:' ? agents.https : agents.http;
    const request = client.request(url, { method: 'GET', headers, agent, lookup: guardedLookup(options.allowedHosts) as never, timeout: options.timeoutMs }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        return reject(new SourceProblem(`The source answered HTTP ${status} (a redirect); save the address it points to instead.`));
      }
      if (status < 200 || status >= 300) {
        response.resume();
        return reject(new SourceProblem(`The source answered HTTP ${status}${response.statusMessage ? ` ${response.statusMessage}` : ''}.`));
      }
      const parts: Buffer[] = [];
      let size = 0;
      response.on('data', (part: Buffer) => {
        size += part.length;
        if (size > API_PAGE_MAX_BYTES) {
          request.destroy(new SourceProblem(`A page of the source is larger than ${API_PAGE_MAX_BYTES / 1024 / 1024} MB; ask for smaller pages.`));
          return;
        }
        parts.push(part);
      });
      response.on('error', reject);
      response.on('end', () => {
        if (size > API_PAGE_MAX_BYTES) return;
        let json: unknown;
        try {
          json = JSON.parse(Buffer.concat(parts).toString('utf8'));
        } catch {
          return reject(new SourceProblem("The source's answer is not JSON."));
        }
        resolve({ json, next: nextLink(response.headers.link) });
      });
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
    request.on('error', reject);
    request.end();
  });
}

/** A failure as the person sees it: the reader's own message, or the network's, never the request's headers. */
export function apiError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError(400, `The source could not be read: ${failureText(error)}`);
}

/** The rows of a page: a list of JSON objects at the rows path, each flattened to cells. */
function rowsOf(json: unknown, spec: ApiReadSpec): SourceCells[] {
  const list = valueAt(json, spec.rowsPath);
  if (!Array.isArray(list)) throw new SourceProblem(`The answer has no list of rows at ${spec.rowsPath || 'its top level'}.`);
  return list.map((row) => {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) throw new SourceProblem('The rows of the answer are not JSON objects.');
    return flattenRow(row as Record<string, unknown>);
  });
}

/**
 * Reads an API source page by page, handing each page's rows to `onPage`: page numbers from 1 or offsets from 0
 * (with the page size when a size parameter is named) until a short or empty page; the cursor the answer names at
 * `nextPath` until there is none; or the `Link` header's next address, which must stay on the source's own host.
 * With a cursor field, only rows past `after` are kept and the highest value read is answered.
 */
export function readApi(spec: ApiReadSpec, options: ApiReadOptions, onPage: (rows: readonly SourceCells[]) => Promise<void>): Promise<ReadResult> {
  return withAgents((agents) => readPages(spec, options, agents, onPage));
}

/** The source's address with the since parameter (on an incremental read) and the given parameters set. */
function pageUrl(spec: ApiReadSpec, after: string | null, extra: Record<string, string>): URL {
  const url = new URL(spec.baseUrl);
  if (spec.sinceParam && after !== null) url.searchParams.set(spec.sinceParam, after);
  for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
  return url;
}

const sizeParams = (spec: ApiReadSpec): Record<string, string> => (spec.sizeParam ? { [spec.sizeParam]: String(spec.pageSize) } : {});

/** The first page's address: page 1, offset 0, or the address itself (with the page size where one is named). */
function firstPageUrl(spec: ApiReadSpec, after: string | null): URL {
  const size = sizeParams(spec);
  if (spec.pagination === 'page') return pageUrl(spec, after, { [spec.pageParam]: '1', ...size });
  if (spec.pagination === 'offset') return pageUrl(spec, after, { [spec.pageParam]: '0', ...size });
  return pageUrl(spec, after, spec.pagination === 'cursor' ? size : {});
}

async function readPages(spec: ApiReadSpec, options: ApiReadOptions, agents: Agents, onPage: (rows: readonly SourceCells[]) => Promise<void>): Promise<ReadResult> {
  const base = new URL(spec.baseUrl);
  const after = options.after ?? null;
  const headers = new Map<string, true>();
  let count = 0;
  let lastCursor: string | null = null;
  let cursorSeen = false;
  const withParams = (extra: Record<string, string>) => pageUrl(spec, after, extra);
  const size = sizeParams(spec);
  let url: URL | null = firstPageUrl(spec, after);
  let pageNumber = 1;
  let offset = 0;
  const cursorsSeen = new Set<string>();
  try {
    for (let pages = 0; url; pages += 1) {
      if (pages >= MAX_PAGES) throw new SourceProblem(`The source has more than ${MAX_PAGES} pages; ask for larger pages.`);
      const page: Page = await getPage(url, spec, options, agents);
      const all = rowsOf(page.json, spec);
      let kept = all;
      if (spec.cursorField) {
        if (all.some((r) => Object.hasOwn(r, spec.cursorField))) cursorSeen = true;
        const cursorOf = (r: SourceCells) => (Object.hasOwn(r, spec.cursorField) ? r[spec.cursorField]! : '');
        if (after !== null) kept = all.filter((r) => cursorOf(r) !== '' && compareCursor(cursorOf(r), after) > 0);
        for (const r of kept) {
          const v = cursorOf(r);
          if (v !== '' && (lastCursor === null || compareCursor(v, lastCursor) > 0)) lastCursor = v;
        }
      }
      if (options.firstPageOnly) kept = kept.slice(0, PREVIEW_ROWS);
      for (const r of kept) for (const h of Object.keys(r)) headers.set(h, true);
      count += kept.length;
      if (count > API_MAX_ROWS) throw new SourceProblem(`The source has more than ${API_MAX_ROWS} rows; read it in parts with an incremental cursor.`);
      if (kept.length) await onPage(kept);
      if (options.firstPageOnly || all.length === 0) break;
      const short = spec.sizeParam !== '' && all.length < spec.pageSize;
      if (spec.pagination === 'page') {
        pageNumber += 1;
        url = short ? null : withParams({ [spec.pageParam]: String(pageNumber), ...size });
      } else if (spec.pagination === 'offset') {
        offset += all.length;
        url = short ? null : withParams({ [spec.pageParam]: String(offset), ...size });
      } else if (spec.pagination === 'cursor') {
        const next = valueAt(page.json, spec.nextPath);
        if (next === null || next === undefined || next === '' || next === false) url = null;
        else {
          const token = typeof next === 'object' ? JSON.stringify(next) : String(next);
          if (cursorsSeen.has(token)) throw new SourceProblem('The source gave the same next cursor twice.');
          cursorsSeen.add(token);
          url = withParams({ [spec.pageParam]: token, ...size });
        }
      } else if (spec.pagination === 'link' && page.next) {
        const next: URL = new URL(page.next, url);
        if (next.origin !== base.origin) throw new SourceProblem("The next page's address is on another host; it was not followed.");
        if (cursorsSeen.has(next.href)) throw new SourceProblem('The source gave the same next page twice.');
        cursorsSeen.add(next.href);
        url = next;
      } else url = null;
    }
  } catch (error) {
    throw apiError(error);
  }
  if (spec.cursorField && count > 0 && !cursorSeen)
    throw new HttpError(400, `The source's rows have no field ${spec.cursorField}.`, { cursorField: [`The source's rows have no field ${spec.cursorField}.`] });
  return { headers: [...headers.keys()], count, lastCursor };
}

/** The first rows of the first page (at most `PREVIEW_ROWS`), every cell under every header met. */
export async function previewApi(spec: ApiReadSpec, allowedHosts: readonly string[]): Promise<{ headers: string[]; rows: string[][] }> {
  const found: SourceCells[] = [];
  const { headers } = await readApi(spec, { allowedHosts, firstPageOnly: true, timeoutMs: API_SHORT_TIMEOUT_MS }, async (page) => {
    found.push(...page);
  });
  return { headers: [...headers], rows: found.map((r) => headers.map((h) => (Object.hasOwn(r, h) ? r[h]! : ''))) };
}

/** Asks for the first page and says what came back. */
export async function testApi(spec: ApiReadSpec, allowedHosts: readonly string[]): Promise<{ ok: boolean; message: string }> {
  try {
    const page = await withAgents((agents) => getPage(firstPageUrl(spec, null), spec, { allowedHosts, timeoutMs: API_SHORT_TIMEOUT_MS }, agents));
    const n = rowsOf(page.json, spec).length;
    return { ok: true, message: `Connected: ${n} ${n === 1 ? 'row' : 'rows'} on the first page.` };
  } catch (error) {
    return { ok: false, message: `Could not connect: ${failureText(error)}` };
  }
}
