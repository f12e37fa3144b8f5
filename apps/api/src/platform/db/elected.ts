import pg from 'pg';
import type { Database } from './client.js';

/** The first key of the advisory locks the API takes for elected services (the second is the service's name). */
const LOCK_NAMESPACE = 0x0ca5;

/** Something started and stopped with the process (an area's service). */
export interface Service {
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface ElectedOptions {
  /** How often a process that is not the holder asks again (the holder may have stopped or died). */
  readonly retryMs?: number;
  readonly log?: { warn(obj: unknown, msg?: string): void };
}

/**
 * A service run by one process at a time among the API processes on one database (inbound mail binds one port,
 * receives each message once). On PostgreSQL, the process that holds a session advisory lock (on a connection of
 * its own, outside the pool) runs it; the others ask again every `retryMs`, so when the holder stops or dies (its
 * connection ends and PostgreSQL releases the lock) another takes over. A holder that loses its connection stops the
 * service at once. The embedded database is opened by one process only, which runs the service.
 */
export function electedService(
  database: Pick<Database, 'jobConnection'>,
  name: string,
  service: Service,
  options: ElectedOptions = {},
): Service & { readonly running: boolean } {
  const connection = database.jobConnection;
  if (connection.kind === 'pglite') {
    let running = false;
    return {
      get running() {
        return running;
      },
      async start() {
        await service.start();
        running = true;
      },
      async stop() {
        running = false;
        await service.stop();
      },
    };
  }
  const url = connection.url;
  const retryMs = options.retryMs ?? 5_000;
  let stopped = false;
  let running = false;
  let holder: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  /** The election or hand-back under way, so that `stop` waits for it. */
  let busy: Promise<void> = Promise.resolve();

  const later = () => {
    if (!stopped) timer = setTimeout(() => void (busy = busy.then(attempt)), retryMs);
  };

  async function release(client: pg.Client) {
    if (running) {
      running = false;
      await service.stop().catch((error: unknown) => options.log?.warn({ err: error, service: name }, 'An elected service failed to stop.'));
    }
    if (holder === client) holder = undefined;
    await client.end().catch(() => undefined);
  }

  async function attempt() {
    if (stopped) return;
    const client = new pg.Client({ connectionString: url });
    // A lost connection released the lock on the server: stop serving, then stand again.
    client.on('error', () => {
      if (holder !== client) return;
      busy = busy.then(async () => {
        await release(client);
        later();
      });
    });
    try {
      await client.connect();
      const result = await client.query<{ held: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as held', [LOCK_NAMESPACE, name]);
      if (!result.rows[0]?.held || stopped) {
        await client.end();
        later();
        return;
      }
      holder = client;
      await service.start();
      running = true;
    } catch (error) {
      options.log?.warn({ err: error, service: name }, 'An elected service could not start here; asking again later.');
      await release(client);
      later();
    }
  }

  return {
    get running() {
      return running;
    },
    async start() {
      stopped = false;
      busy = busy.then(attempt);
      await busy;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await busy;
      if (holder) await release(holder);
    },
  };
}
