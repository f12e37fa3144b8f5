import { AsyncResource } from 'node:async_hooks';
import type pg from 'pg';

/**
 * What a statement did, as the driver reports it after it ran — not what its text looks like. PostgreSQL tells
 * the command of each statement (`result.command`: `SELECT`, `INSERT`, … — a `WITH … INSERT` is an `INSERT`), but
 * a `SELECT` may write too: `WITH t AS (INSERT … RETURNING *) SELECT …` (the generic create and update) or a
 * select that calls a writing function. Those are known by their own notices: every statement that writes a
 * tracked table sends `table_changed` (migration 0004), and a session that listens on that channel receives its
 * own notices when its transaction commits, before the statement's answer. So each pooled connection listens, and
 * a notice from its own backend marks the statement it answers as one that wrote.
 */

/** The channel the tracked tables' triggers notify on (migration 0004). */
export const TABLE_CHANGED = 'table_changed';

/** Commands that only read (anything else is taken to write). */
const READ_COMMANDS: ReadonlySet<string> = new Set(['SELECT', 'SHOW']);

/** Set on a result whose session received its own `table_changed` notice while the statement ran. */
const CHANGED_TRACKED = Symbol('changed a tracked table');

/** A driver's result as far as this module reads it (node-postgres' `Result`, PGlite's `Results`). */
export interface StatementResult {
  readonly command?: string | null;
  readonly [CHANGED_TRACKED]?: boolean;
}

/** Whether a statement (or each of several, sent as one query) wrote, from its results. */
export function wrote(result: StatementResult | readonly StatementResult[] | undefined): boolean {
  if (!result) return false;
  if (Array.isArray(result)) return result.some((one: StatementResult) => wrote(one));
  const one = result as StatementResult;
  return one[CHANGED_TRACKED] === true || !READ_COMMANDS.has((one.command ?? '').toUpperCase());
}

type Query = (...args: unknown[]) => unknown;
const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | undefined)?.then === 'function';

/**
 * Makes a new pooled connection listen to `table_changed` and mark the results of the statements whose commit sent
 * a notice of its own (see above); resolves once it listens (the pool's `onConnect`, awaited before the connection
 * is handed out). Notices of other sessions (other API processes' writes) are ignored.
 */
export async function watchOwnChanges(client: pg.ClientBase): Promise<void> {
  let changed = false;
  client.on('notification', (message) => {
    if (message.channel === TABLE_CHANGED && message.processId === (client as unknown as { processID: number }).processID) changed = true;
  });
  const query = client.query.bind(client) as Query;
  const mark = (result: unknown) => {
    if (result && typeof result === 'object') Object.defineProperty(result, CHANGED_TRACKED, { value: changed, configurable: true });
    changed = false;
  };
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        mark(result);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const answer = query(...args);
    return isPromise(answer) ? answer.then((result) => (mark(result), result)) : answer;
  };
  await query(`listen ${TABLE_CHANGED}`);
}

/**
 * Wraps a pool's `query`: after each statement that wrote, `afterWrite` is called in the caller's context (the
 * request's), before the caller goes on.
 */
export function afterWrites(pool: pg.Pool, afterWrite: () => void): void {
  const query = pool.query.bind(pool) as Query;
  (pool as unknown as { query: Query }).query = (...args: unknown[]) => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      // Called back in the caller's context, as a promise's continuation would be.
      args[last] = AsyncResource.bind((error: unknown, result: unknown) => {
        if (!error && wrote(result as StatementResult)) afterWrite();
        (callback as (error: unknown, result: unknown) => void)(error, result);
      });
      return query(...args);
    }
    const answer = query(...args);
    if (!isPromise(answer)) return answer;
    return answer.then((result) => {
      if (wrote(result as StatementResult)) afterWrite();
      return result;
    });
  };
}
