import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { freshDatabase, testDatabaseUrls } from '../../test/harness.js';
import { inRequestScope, type VersionTable } from '../cache.js';
import { rows } from './client.js';
import { wrote } from './writes.js';

const database = await freshDatabase();
const onPglite = database.kind === 'pglite';
const { db } = database;
const changes = database.tableChanges!;

// A function that writes a tracked table, called from a plain `select`.
await db.execute(
  sql.raw(`create function touch_campuses() returns int language plpgsql as $$
            begin update campuses set name = name where false; return 1; end $$`),
);

const insertCampus = (code: string) => sql`insert into campuses (code, name, is_active, created_at, updated_at)
  values (${code}, ${`Campus ${code}`}, true, now(), now()) returning id`;

describe('a statement is classified by what the driver says it did', () => {
  it('by its command: a WITH … INSERT is an insert, a WITH … SELECT that reads is a read', () => {
    expect(wrote({ command: 'INSERT' })).toBe(true);
    expect(wrote({ command: 'UPDATE' })).toBe(true);
    expect(wrote({ command: 'CREATE' })).toBe(true);
    expect(wrote({ command: 'SELECT' })).toBe(false);
    expect(wrote([{ command: 'SELECT' }, { command: 'DELETE' }])).toBe(true);
  });

  it('both drivers report the command of each statement, not the first word of its text', async () => {
    const inserted = (await db.execute(sql`with c as (select 'W1' as code) ${insertCampus('W1')}`)) as unknown as { command?: string };
    expect(inserted.command).toBe('INSERT');
    const read = (await db.execute(sql`with c as (select count(*) as n from campuses) select n from c`)) as unknown as { command?: string };
    expect(read.command).toBe('SELECT');
    // A data-modifying WITH and a select that calls a writing function are reported as SELECT by the server.
    const cte = (await db.execute(sql`with t as (${insertCampus('W2')}) select count(*) from t`)) as unknown as { command?: string };
    expect(cte.command).toBe('SELECT');
    expect(((await db.execute(sql`select touch_campuses()`)) as unknown as { command?: string }).command).toBe('SELECT');
  });

  it('a SELECT that wrote a tracked table (WITH … INSERT … SELECT, a writing function) moves its counters', async () => {
    const stamp = async () => (await changes.stamp(['campuses']))!;
    const start = await stamp();
    await rows(db, sql`with t as (${insertCampus('W3')}) select count(*) from t`);
    const afterInsert = await stamp();
    expect(afterInsert).not.toBe(start);
    await rows(db, sql`select touch_campuses()`);
    expect(await stamp()).not.toBe(afterInsert);
  });

  it.runIf(!onPglite)('within a request, the counters are read again after a statement that wrote, and only then', async () => {
    const reads = () => (changes as VersionTable).reads;
    await inRequestScope(async () => {
      const first = await changes.stamp(['campuses']);
      const before = reads();
      // Reads, however they are written, keep the counters the request has read.
      await rows(db, sql`with c as (select count(*) as n from campuses) select n from c`);
      await rows(db, sql`select count(*) from campuses`);
      expect(await changes.stamp(['campuses'])).toBe(first);
      expect(reads()).toBe(before);
      // A SELECT whose WITH inserted: read again, and the insert is seen.
      await rows(db, sql`with t as (${insertCampus('W4')}) select count(*) from t`);
      const afterInsert = await changes.stamp(['campuses']);
      expect(reads()).toBe(before + 1);
      expect(Number(afterInsert!.slice(0, -1))).toBe(Number(first!.slice(0, -1)) + 1);
      // A select that calls a writing function: the same.
      await rows(db, sql`select touch_campuses()`);
      expect(Number((await changes.stamp(['campuses']))!.slice(0, -1))).toBe(Number(first!.slice(0, -1)) + 2);
      expect(reads()).toBe(before + 2);
      // A write to a table nobody remembers answers from still counts as a write (its command says so).
      await db.execute(sql`delete from audit_trails where false`);
      await changes.stamp(['campuses']);
      expect(reads()).toBe(before + 3);
      // Another process's write sends its notice too, but it is not this request's: nothing is read again.
      const other = new pg.Client({ connectionString: testDatabaseUrls.get(database) });
      await other.connect();
      await other.query('update campuses set name = name where false');
      await other.end();
      await rows(db, sql`select count(*) from campuses`);
      await changes.stamp(['campuses']);
      expect(reads()).toBe(before + 3);
    });
  });
});
