import { Socket, connect as netConnect } from 'node:net';
import pg from 'pg';
import mysql from 'mysql2';
import { PREVIEW_ROWS, type DbKind } from '@campus/domain-migration';
import { HttpError } from '../../platform/http/errors.js';
import { guardedLookup, isUnreachable, literalProblem, SourceProblem } from './host-guard.js';

/**
 * Where a saved connection points, with its opened password (held only while a source is being read). With `tls`,
 * the server's certificate must be signed by a publicly trusted authority or, when `tlsCa` holds one or more PEM
 * certificates, by one of those. `allowedHosts` is the settings' allow-list of hosts data sources may reach (only those,
 * none while it is empty; see `hostProblem`), checked on the address connected to.
 */
export interface SourceConnection {
  readonly kind: DbKind;
  readonly host: string;
  readonly port: number;
  readonly database: string;
  readonly username: string;
  readonly password: string;
  readonly tls: boolean;
  readonly tlsCa: string;
  readonly allowedHosts: readonly string[];
}

/** A table (`name` or `schema.name`) or a checked read-only SELECT, and an optional cursor column. */
export interface SourceSpec {
  readonly table: string;
  readonly query: string;
  readonly cursorColumn: string;
}

export interface ReadOptions {
  /** Read only rows whose cursor column is above this value. */
  readonly after?: string | null;
  readonly limit?: number;
  readonly chunkSize?: number;
  readonly timeoutMs: number;
}

export type SourceRow = Record<string, string>;
export type OnChunk = (headers: readonly string[], chunk: readonly SourceRow[]) => Promise<void>;

/** Statement timeout of a preview, a test and a table listing. */
export const SHORT_TIMEOUT_MS = 15_000;
/** How long a server has to accept the connection and the sign-in. */
export const CONNECT_TIMEOUT_MS = 10_000;
/** How long closing a connection may take before its socket is simply dropped. */
const CLOSE_TIMEOUT_MS = 2_000;

/** The one answer for a server that could not be reached (see `isUnreachable`). */
export const NO_ANSWER = 'No database server answered at this host and port.';

/**
 * A socket that connects through the allow-list's lookup: the address checked is the address connected to. A host
 * given as an address is checked before connecting, as no lookup happens for it. TLS, when on, is started by the
 * driver over this socket with the host name as given, so certificates are still checked against the name.
 */
function guardedSocket(conn: SourceConnection): Socket {
  const refused = literalProblem(conn.host, conn.allowedHosts);
  const socket = new Socket();
  const lookup = guardedLookup(conn.allowedHosts) as never;
  socket.connect = ((port: number, host: string) => {
    if (refused) {
      process.nextTick(() => socket.destroy(refused));
      return socket;
    }
    return (Socket.prototype.connect as (options: object) => Socket).call(socket, { port, host, lookup });
  }) as never;
  return socket;
}

/** The same for mysql2, which takes a connected stream. */
function guardedMysqlStream(conn: SourceConnection): Socket {
  const refused = literalProblem(conn.host, conn.allowedHosts);
  if (!refused) return netConnect({ port: conn.port, host: conn.host, lookup: guardedLookup(conn.allowedHosts) as never });
  const socket = new Socket();
  process.nextTick(() => socket.destroy(refused));
  return socket;
}

/** Waits for `work` at most `ms`; past that, the caller goes on (and drops the connection). */
const within = (work: Promise<unknown>, ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    work.then(
      () => (clearTimeout(timer), resolve()),
      () => (clearTimeout(timer), resolve()),
    );
  });

const cellText = (v: unknown): string =>
  v === null || v === undefined ? '' : Buffer.isBuffer(v) ? v.toString('hex') : v instanceof Date ? v.toISOString() : String(v);

/** Node's codes for a server certificate signed by an authority it does not trust. */
const UNTRUSTED_CERTIFICATE = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/**
 * The driver's message of a failure, with what to do when it is about TLS: the server does not offer TLS, or its
 * certificate is signed by an authority that is not trusted.
 */
function failureText(error: unknown): string {
  if (error instanceof SourceProblem) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  const sentence = /[.!?]$/.test(message) ? message : `${message}.`;
  if (code === 'HANDSHAKE_NO_SSL_SUPPORT' || /does not support SSL/i.test(message))
    return `${sentence} Turn off Use TLS for this connection, or have TLS turned on at the server.`;
  if (typeof code === 'string' && UNTRUSTED_CERTIFICATE.has(code))
    return `${sentence} The server's certificate could not be verified: paste the certificate of the authority that signed it as the CA certificate.`;
  if (isUnreachable(error)) return NO_ANSWER;
  return message;
}

/** A source's failure as the person sees it: the server's own message, never the connection's settings. */
export function sourceError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  return new HttpError(400, `The source could not be read: ${failureText(error)}`);
}

function quoteFor(kind: DbKind) {
  return kind === 'postgresql'
    ? (name: string) => `"${name.replace(/"/g, '""')}"`
    : (name: string) => `\`${name.replace(/`/g, '``')}\``;
}

/** The SELECT that reads a source: every column, past the cursor and ordered by it when there is one. */
function selectOf(kind: DbKind, spec: SourceSpec, after: string | null | undefined, limit: number | undefined) {
  const q = quoteFor(kind);
  const from = spec.table
    ? spec.table.split('.').map(q).join('.')
    : `(${spec.query.trim().replace(/;\s*$/, '')})`;
  const cursor = spec.cursorColumn ? `src.${q(spec.cursorColumn)}` : '';
  const values: string[] = [];
  let text = `select * from ${from} as src`;
  if (cursor && after !== null && after !== undefined) {
    values.push(after);
    text += ` where ${cursor} > ${kind === 'postgresql' ? '$1' : '?'}`;
  }
  if (cursor) text += ` order by ${cursor}`;
  if (limit) text += ` limit ${Math.floor(limit)}`;
  return { text, values };
}

async function withPg<T>(conn: SourceConnection, timeoutMs: number, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: conn.host,
    port: conn.port,
    database: conn.database,
    user: conn.username,
    password: conn.password,
    ssl: conn.tls ? { rejectUnauthorized: true, ca: conn.tlsCa || undefined } : false,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    stream: () => guardedSocket(conn),
    // Every value as the server's text: dates stay as written, big numbers keep their digits.
    types: { getTypeParser: () => (value: string) => value } as never,
  });
  client.on('error', () => undefined);
  let connected = false;
  try {
    await client.connect();
    connected = true;
    await client.query('begin transaction isolation level repeatable read read only');
    await client.query(`set local statement_timeout = ${Math.floor(timeoutMs)}`);
    return await work(client);
  } finally {
    // A client that never connected has nothing to roll back, and its goodbye would wait for a socket already gone.
    if (connected) {
      await within(client.query('rollback'), CLOSE_TIMEOUT_MS);
      await within(client.end(), CLOSE_TIMEOUT_MS);
    } else void client.end().catch(() => undefined);
  }
}

async function withMysql<T>(conn: SourceConnection, timeoutMs: number, work: (c: mysql.Connection, mariadb: boolean) => Promise<T>): Promise<T> {
  const c = mysql.createConnection({
    host: conn.host,
    port: conn.port,
    database: conn.database,
    user: conn.username,
    password: conn.password,
    ...(conn.tls ? { ssl: { rejectUnauthorized: true, ca: conn.tlsCa || undefined } } : {}),
    connectTimeout: CONNECT_TIMEOUT_MS,
    stream: () => guardedMysqlStream(conn),
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    multipleStatements: false,
    typeCast: (field, next) => (field.type === 'GEOMETRY' ? next() : field.string()),
  });
  c.on('error', () => undefined);
  const p = c.promise();
  try {
    const [[version]] = (await p.query('select version() as v')) as unknown as [[{ v: string }]];
    const mariadb = /mariadb/i.test(version?.v ?? '');
    await p.query(
      mariadb
        ? `set session max_statement_time = ${Math.max(1, Math.ceil(timeoutMs / 1000))}`
        : `set session max_execution_time = ${Math.floor(timeoutMs)}`,
    );
    await p.query('start transaction read only');
    return await work(c, mariadb);
  } finally {
    // A connection that failed (a refused sign-in, a dropped socket) queues what it is asked next and never answers
    // it: it is dropped instead, and a rollback or goodbye that takes too long does not hold the answer either.
    if (c.state === 'error' || c.state === 'disconnected') c.destroy();
    else {
      await within(p.query('rollback'), CLOSE_TIMEOUT_MS);
      await within(p.end(), CLOSE_TIMEOUT_MS);
      c.destroy();
    }
  }
}

/** Connects and asks the server for its version. */
export async function testSource(conn: SourceConnection): Promise<{ ok: boolean; message: string }> {
  try {
    const version =
      conn.kind === 'postgresql'
        ? await withPg(conn, SHORT_TIMEOUT_MS, async (c) => String((await c.query('select version() as v')).rows[0]?.v ?? ''))
        : await withMysql(conn, SHORT_TIMEOUT_MS, async (c) => {
            const [[row]] = (await c.promise().query('select version() as v')) as unknown as [[{ v: string }]];
            return row?.v ?? '';
          });
    return { ok: true, message: `Connected: ${version.split(/[ ,]/)[0] === 'PostgreSQL' ? version.split(',')[0] : version}` };
  } catch (error) {
    return { ok: false, message: `Could not connect: ${failureText(error)}` };
  }
}

/** The source's tables and views (PostgreSQL: outside the system schemas; `schema.name` outside `public`). */
export async function listTables(conn: SourceConnection): Promise<string[]> {
  try {
    if (conn.kind === 'postgresql')
      return await withPg(conn, SHORT_TIMEOUT_MS, async (c) => {
        const { rows } = await c.query<{ s: string; n: string }>(
          `select table_schema as s, table_name as n from information_schema.tables
            where table_schema not in ('pg_catalog', 'information_schema') and table_schema not like 'pg\\_%'
            order by table_schema <> 'public', table_schema, table_name`,
        );
        return rows.map((r) => (r.s === 'public' ? r.n : `${r.s}.${r.n}`));
      });
    return await withMysql(conn, SHORT_TIMEOUT_MS, async (c) => {
      const [rows] = (await c
        .promise()
        .query('select table_name as n from information_schema.tables where table_schema = database() order by table_name')) as unknown as [{ n: string }[]];
      return rows.map((r) => r.n);
    });
  } catch (error) {
    throw sourceError(error);
  }
}

/**
 * Reads a source in a READ ONLY transaction with a statement timeout, handing rows to `onChunk` in chunks as the
 * server sends them (PostgreSQL through a cursor, MySQL and MariaDB as a stream). Answers the headers, the number
 * of rows and the last row's cursor value (the highest, as rows come ordered by it).
 */
export async function readSource(
  conn: SourceConnection,
  spec: SourceSpec,
  options: ReadOptions,
  onChunk: OnChunk,
): Promise<{ headers: string[]; count: number; lastCursor: string | null }> {
  const size = options.chunkSize ?? 1000;
  const { text, values } = selectOf(conn.kind, spec, options.after, options.limit);
  let headers: string[] = [];
  let count = 0;
  let last: SourceRow | undefined;
  const take = async (chunk: SourceRow[]) => {
    count += chunk.length;
    last = chunk.at(-1) ?? last;
    await onChunk(headers, chunk);
  };
  try {
    if (conn.kind === 'postgresql') {
      await withPg(conn, options.timeoutMs, async (c) => {
        // The extended protocol takes one statement: text cannot close the READ ONLY transaction and go on.
        await c.query({ text: `declare source_rows no scroll cursor for ${text}`, values, queryMode: 'extended' } as pg.QueryConfig);
        for (;;) {
          const result = await c.query({ text: `fetch ${size} from source_rows`, rowMode: 'array' });
          headers = result.fields.map((f) => f.name);
          const chunk = (result.rows as unknown[][]).map((r) => Object.fromEntries(headers.map((h, i) => [h, cellText(r[i])])));
          if (chunk.length) await take(chunk);
          if (chunk.length < size) break;
        }
      });
    } else {
      await withMysql(conn, options.timeoutMs, async (c) => {
        const query = c.query({ sql: text, values, rowsAsArray: true });
        query.on('fields', (fields: { name: string }[]) => {
          headers = fields.map((f) => f.name);
        });
        let chunk: SourceRow[] = [];
        for await (const row of query.stream({ highWaterMark: size }) as AsyncIterable<unknown[]>) {
          chunk.push(Object.fromEntries(headers.map((h, i) => [h, cellText(row[i])])));
          if (chunk.length >= size) {
            await take(chunk);
            chunk = [];
          }
        }
        if (chunk.length) await take(chunk);
      });
    }
  } catch (error) {
    throw sourceError(error);
  }
  const cursorHeader = spec.cursorColumn ? headers.find((h) => h === spec.cursorColumn) ?? headers.find((h) => h.toLowerCase() === spec.cursorColumn.toLowerCase()) : undefined;
  if (spec.cursorColumn && headers.length && !cursorHeader)
    throw new HttpError(400, `The source has no column ${spec.cursorColumn}.`, { cursorColumn: [`The source has no column ${spec.cursorColumn}.`] });
  return { headers, count, lastCursor: cursorHeader && last ? (last[cursorHeader] ?? null) : null };
}

/** The first rows of a source (at most `PREVIEW_ROWS`). */
export async function previewSource(conn: SourceConnection, spec: SourceSpec): Promise<{ headers: string[]; rows: string[][] }> {
  const rows: string[][] = [];
  const { headers } = await readSource(conn, spec, { limit: PREVIEW_ROWS, chunkSize: PREVIEW_ROWS, timeoutMs: SHORT_TIMEOUT_MS }, async (h, chunk) => {
    for (const r of chunk) rows.push(h.map((name) => r[name] ?? ''));
  });
  return { headers, rows: rows.slice(0, PREVIEW_ROWS) };
}
