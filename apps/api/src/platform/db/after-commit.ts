import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './db.js';

/** Work to do once a transaction has committed. */
export type CommittedWork = () => Promise<void>;

/** The work waiting for the commit of each open transaction (savepoints included) the database opened. */
const waiting = new WeakMap<object, CommittedWork[]>();

/**
 * Runs `work` once the transaction `db` belongs to has committed — the outermost one, when `db` is a savepoint — and
 * never when it rolls back (a savepoint rolled back drops what it added). Outside a transaction the statements have
 * already committed, and `work` runs at once. Work runs in the order it was added, after the commit and before the
 * transaction's promise resolves; it catches its own failures (the change it follows is committed whatever happens).
 */
export async function afterCommit(db: Db, work: CommittedWork): Promise<void> {
  const list = waiting.get(db);
  if (list) {
    list.push(work);
    return;
  }
  // A transaction opened some other way than through the database's `transaction()` cannot say when it commits.
  if (db instanceof PgTransaction) throw new Error('afterCommit: this transaction was not opened by the database, so its commit is not known.');
  await work();
}

type Transaction = Db['transaction'];

/** Makes `transaction` of `db` (and of every transaction it opens, for savepoints) keep the work `afterCommit` adds. */
function track(db: Db, onDone: (done: CommittedWork[]) => Promise<void>): void {
  const open = db.transaction.bind(db);
  db.transaction = (async (work: Parameters<Transaction>[0], config?: Parameters<Transaction>[1]) => {
    const done: CommittedWork[] = [];
    const result = await open(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      waiting.set(tx, done);
      // A savepoint's work joins the enclosing transaction's once the savepoint is released.
      track(tx, async (inner) => void done.push(...inner));
      return work(txRaw);
    }, config);
    await onDone(done);
    return result;
  }) as Transaction;
}

/** Runs the work of each committed transaction of `db` (see `afterCommit`); called once on the database's root. */
export function trackCommits(db: Db): void {
  track(db, async (done) => {
    for (const work of done) await work();
  });
}
