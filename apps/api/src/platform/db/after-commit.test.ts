import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../test/harness.js';
import { afterCommit } from './after-commit.js';
import { rows, type Db } from './client.js';

const database = await freshDatabase();
const { db } = database;
await db.execute(sql`create table commit_notes (note text not null)`);

/** What the work saw when it ran: the notes committed by then, read outside the transaction. */
const committedNotes = async () => (await rows<{ note: string }>(db, sql`select note from commit_notes order by note`)).map((r) => r.note);
const asDb = (tx: unknown) => tx as Db;

describe('work after a commit', () => {
  it('runs once the transaction has committed, when what it wrote is visible outside it', async () => {
    const seen: string[][] = [];
    const order: string[] = [];
    await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
      await tx.execute(sql`insert into commit_notes values ('first')`);
      await afterCommit(tx, async () => {
        seen.push(await committedNotes());
        order.push('work');
      });
      order.push('end of transaction');
    });
    order.push('transaction resolved');
    expect(seen).toEqual([['first']]);
    expect(order).toEqual(['end of transaction', 'work', 'transaction resolved']);
  });

  it('never runs for a transaction that rolls back', async () => {
    let ran = false;
    await expect(
      db.transaction(async (txRaw) => {
        const tx = asDb(txRaw);
        await tx.execute(sql`insert into commit_notes values ('rolled back')`);
        await afterCommit(tx, async () => {
          ran = true;
        });
        throw new Error('given up');
      }),
    ).rejects.toThrow('given up');
    expect(ran).toBe(false);
    expect(await committedNotes()).not.toContain('rolled back');
  });

  it('runs work added in a savepoint after the outermost commit, and drops it when the savepoint rolls back', async () => {
    const ran: string[] = [];
    await db.transaction(async (txRaw) => {
      const tx = asDb(txRaw);
      await tx.transaction(async (spRaw) => {
        const sp = asDb(spRaw);
        await sp.execute(sql`insert into commit_notes values ('kept')`);
        await afterCommit(sp, async () => {
          ran.push(`kept, seeing ${(await committedNotes()).join(', ')}`);
        });
      });
      // Released, the savepoint's work still waits for the outer commit.
      expect(ran).toEqual([]);
      await expect(
        tx.transaction(async (spRaw) => {
          const sp = asDb(spRaw);
          await sp.execute(sql`insert into commit_notes values ('undone')`);
          await afterCommit(sp, async () => {
            ran.push('undone');
          });
          throw new Error('savepoint given up');
        }),
      ).rejects.toThrow('savepoint given up');
    });
    expect(ran).toEqual(['kept, seeing first, kept']);
  });

  it('runs at once outside a transaction (the statements have committed)', async () => {
    let ran = false;
    await afterCommit(db, async () => {
      ran = true;
    });
    expect(ran).toBe(true);
  });
});
