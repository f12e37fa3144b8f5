/**
 * The embedded database in a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: on the API's thread,
 * every statement's execution stops the event loop, so HTTP, sessions, validation and encryption wait for the
 * database and the database for them, on one core. `ThreadedPGlite` runs PGlite in a worker thread
 * (`pglite-worker.ts`) and offers what the API, drizzle and pg-boss use of it: `query`, `exec`, `transaction`,
 * `listen` and `close`, with the same results. Statements still run one at a time, in the order they are sent, and
 * a transaction still holds the database until it ends (PGlite's own lock, in the thread); meanwhile the API's
 * thread goes on with other requests.
 */
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { startWorker, WorkerCalls } from '../worker-thread.js';

/** What the thread is started with: the data directory, or a dump to start an in-memory database from. */
export interface ThreadStart {
  readonly dataDir?: string;
  readonly dump?: ArrayBuffer;
}

/** A PostgreSQL error as cloneable data: its name, message and fields (`code`, `constraint`, `detail`…). */
export interface WireError {
  readonly name: string;
  readonly message: string;
  readonly fields: Record<string, string | number>;
}

type Parsers = Record<number, (value: string, typeId: number) => unknown>;
interface QueryOptions {
  readonly rowMode?: 'array' | 'object';
  /** Parsers by type: the thread sends those types' values as text, and these parse them here. */
  readonly parsers?: Parsers;
  /** What a `COPY … FROM '/dev/blob'` reads (cloned to the thread). */
  readonly blob?: Blob;
}

/** What the API's thread asks of the database thread. */
type Request =
  | {
      readonly op: 'query';
      readonly tx?: number;
      readonly text: string;
      readonly params?: unknown[];
      readonly rowMode?: 'array' | 'object';
      readonly raw?: number[];
      /** The rows of a `COPY … FROM '/dev/blob'`. */
      readonly blob?: Blob;
    }
  | { readonly op: 'exec'; readonly tx?: number; readonly text: string; readonly raw?: number[] }
  | { readonly op: 'begin' }
  | { readonly op: 'end'; readonly tx: number; readonly commit: boolean }
  | { readonly op: 'rollback'; readonly tx: number }
  | { readonly op: 'listen' | 'unlisten'; readonly channel: string }
  | { readonly op: 'close' };
export type ThreadRequest = Request & { readonly id: number };

export type ThreadReply =
  | { readonly id: number; readonly result: unknown }
  | { readonly id: number; readonly error: WireError }
  | { readonly channel: string; readonly payload: string }
  | { readonly ready: true }
  | { readonly ready: false; readonly error: WireError };

/** An error of the thread as the caller expects it: an `Error` with the PostgreSQL fields it carried. */
function thrown(wire: WireError): Error {
  const error = Object.assign(new Error(wire.message), wire.fields);
  error.name = wire.name;
  return error;
}

/** Applies the caller's parsers to the values the thread sent as text. */
function parsed<T>(result: Results<T>, options: QueryOptions | undefined): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || !result.fields.some((f) => parsers[f.dataTypeID])) return result;
  const byObject = options.rowMode !== 'array';
  for (const row of result.rows as Record<string | number, unknown>[]) {
    result.fields.forEach((field, i) => {
      const parse = parsers[field.dataTypeID];
      const key = byObject ? field.name : i;
      const value = row[key];
      if (parse && typeof value === 'string') row[key] = parse(value, field.dataTypeID);
    });
  }
  return result;
}

const rawTypes = (options: QueryOptions | undefined) =>
  options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;

/** The part of PGlite the API uses, answered by PGlite in a worker thread. */
export class ThreadedPGlite {
  private readonly calls: WorkerCalls<Extract<ThreadReply, { readonly id: number }>>;
  private readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private stopped = false;
  readonly waitReady: Promise<void>;

  constructor(start: ThreadStart) {
    let ready!: () => void;
    let failed!: (error: Error) => void;
    this.waitReady = new Promise<void>((resolve, reject) => ((ready = resolve), (failed = reject)));
    this.calls = new WorkerCalls(
      startWorker(import.meta.url, 'pglite-worker', { workerData: start, transferList: start.dump ? [start.dump] : [] }),
      {
        name: 'The database thread',
        // The thread's own messages: ready (or not), and the notifications of the channels listened to.
        other: (message) => {
          const note = message as Exclude<ThreadReply, { readonly id: number }>;
          if ('ready' in note) return note.ready ? ready() : failed(thrown(note.error));
          for (const listener of this.listeners.get(note.channel) ?? []) listener(note.payload);
        },
        stopped: failed,
      },
    );
  }

  get closed(): boolean {
    return this.stopped;
  }

  private async ask<T>(request: Request): Promise<T> {
    if (this.stopped) throw new Error('PGlite is closed');
    const reply = await this.calls.call(request);
    if ('error' in reply) throw thrown(reply.error);
    return reply.result as T;
  }

  private async runQuery<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const result = await this.ask<Results<T>>({ op: 'query', tx, text, params, rowMode: options?.rowMode, raw: rawTypes(options), blob: options?.blob });
    return parsed(result, options);
  }

  private async runExec(tx: number | undefined, text: string, options?: QueryOptions): Promise<Results[]> {
    const results = await this.ask<Results[]>({ op: 'exec', tx, text, raw: rawTypes(options) });
    return results.map((result) => parsed(result, options));
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.runQuery<T>(undefined, text, params, options);
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(undefined, text, options);
  }

  /** Commits when `work` resolves, rolls back when it throws (or called `rollback`), as PGlite's `transaction`. */
  async transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const number = await this.ask<number>({ op: 'begin' });
    let ended = false;
    const tx = {
      query: <R>(text: string, params?: unknown[], options?: QueryOptions) => this.runQuery<R>(number, text, params, options),
      exec: (text: string, options?: QueryOptions) => this.runExec(number, text, options),
      rollback: async () => {
        ended = true;
        await this.ask({ op: 'rollback', tx: number });
      },
      get closed() {
        return ended;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      await this.ask({ op: 'end', tx: number, commit: false }).catch(() => undefined);
      throw error;
    } finally {
      ended = true;
    }
    await this.ask({ op: 'end', tx: number, commit: true });
    return result;
  }

  async listen(channel: string, listener: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      this.listeners.set(channel, (set = new Set()));
      await this.ask({ op: 'listen', channel });
    }
    set.add(listener);
    return async () => {
      set.delete(listener);
      if (set.size || this.listeners.get(channel) !== set) return;
      this.listeners.delete(channel);
      if (!this.stopped) await this.ask({ op: 'unlisten', channel });
    };
  }

  /** Closes the database (pending statements first), then ends the thread. */
  async close(): Promise<void> {
    if (this.stopped) return;
    await this.ask({ op: 'close' }).catch(() => undefined);
    await this.stop();
  }

  /** Ends the thread without closing the database (one that failed to open). */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.calls.worker.terminate();
  }
}

/** Opens the embedded database in its own thread; resolves once it is ready. */
export async function openThreadedPGlite(start: ThreadStart): Promise<PGlite> {
  const client = new ThreadedPGlite(start);
  try {
    await client.waitReady;
  } catch (error) {
    await client.stop();
    throw error;
  }
  return client as unknown as PGlite;
}
