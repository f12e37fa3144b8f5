/**
 * The embedded database's own thread (see `pglite-thread.ts`): one PGlite, opened from `workerData`, answering the
 * requests of `ThreadedPGlite` in the order they come. Queries outside a transaction wait for an open transaction
 * to end, as they do on PGlite in one thread (its transaction lock). Notifications of the channels listened to are
 * posted before the answer of the statement that delivered them.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ThreadReply, ThreadRequest, ThreadStart, WireError } from './pglite-thread.js';

const port = parentPort;
if (!port) throw new Error('The database thread runs as a worker thread.');
const start = workerData as ThreadStart;

/** Thrown inside a transaction's callback to have PGlite roll it back; not an error of the caller's. */
class RollBack extends Error {}

/** The fields of a PostgreSQL error the caller reads (`code`, `constraint`, `detail`…), as cloneable data. */
function wireError(error: unknown): WireError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

/**
 * Shared buffers of 48 MB instead of PGlite's 128 (decisions 0081, 0083): they are part of the API's own memory,
 * touched at start, while the pages they would hold stay in the data files behind them, which the system's file cache
 * (or, for a database in memory, its own file system) gives back quickly. Searches over 100,000 students answered as
 * fast with 48 as with 64 (with 32 the varied searches' p95 rose by a third), and an import of 100,000 no slower.
 */
const SHARED_BUFFERS = '48MB';

const db = new PGlite({
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.dump ? { loadDataDir: new Blob([start.dump]) } : {}),
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
});

/** Open transactions by number: their PGlite handle and how to end them. */
const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; ended: Promise<void> }>();
let nextTransaction = 1;
const listening = new Map<string, () => Promise<void>>();

/** PGlite's own parsers give way to the text for the types the caller parses itself (`raw`). */
const asText = (raw: readonly number[] | undefined) =>
  raw?.length ? { parsers: Object.fromEntries(raw.map((oid) => [oid, (value: string) => value])) } : {};

async function answer(request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const on = request.tx ? open.get(request.tx)?.tx : db;
      if (!on) throw new Error('The transaction has ended.');
      return on.query(request.text, request.params, { rowMode: request.rowMode, ...asText(request.raw), ...(request.blob ? { blob: request.blob } : {}) });
    }
    case 'exec': {
      const on = request.tx ? open.get(request.tx)?.tx : db;
      if (!on) throw new Error('The transaction has ended.');
      return on.exec(request.text, asText(request.raw));
    }
    case 'begin': {
      const number = nextTransaction++;
      return new Promise<number>((opened, failed) => {
        let end!: (commit: boolean) => void;
        const decided = new Promise<boolean>((resolve) => (end = resolve));
        const ended = db
          .transaction(async (tx) => {
            open.set(number, { tx, end, ended });
            opened(number);
            if (!(await decided)) throw new RollBack();
          })
          .then(
            () => undefined,
            (error: unknown) => {
              if (!(error instanceof RollBack)) throw error;
            },
          )
          .finally(() => open.delete(number));
        // A transaction that could not begin fails the request; one that began reports its end to `end`.
        ended.catch(failed);
      });
    }
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) return null;
      transaction.end(request.commit);
      await transaction.ended;
      return null;
    }
    case 'rollback': {
      await open.get(request.tx)?.tx.rollback();
      return null;
    }
    case 'listen': {
      if (!listening.has(request.channel)) {
        const stop = await db.listen(request.channel, (payload) => post({ channel: request.channel, payload }));
        listening.set(request.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      await stop?.();
      return null;
    }
    case 'close': {
      if (!db.closed) await db.close();
      return null;
    }
  }
}

function post(reply: ThreadReply) {
  port!.postMessage(reply);
}

port.on('message', (request: ThreadRequest) => {
  answer(request).then(
    (result) => post({ id: request.id, result }),
    (error: unknown) => post({ id: request.id, error: wireError(error) }),
  );
});

db.waitReady.then(
  () => post({ ready: true }),
  (error: unknown) => post({ ready: false, error: wireError(error) }),
);
