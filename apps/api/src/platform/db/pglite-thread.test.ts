import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openThreadedPGlite, ThreadedPGlite } from './pglite-thread.js';

/**
 * The embedded database in its own thread answers as PGlite in the API's thread does. It concerns PGlite alone, so the
 * suite's PostgreSQL pass leaves it out.
 */
describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite in a thread of its own', () => {
  let threaded: ThreadedPGlite;
  let plain: PGlite;

  beforeAll(async () => {
    threaded = new ThreadedPGlite({});
    plain = new PGlite();
    await Promise.all([threaded.waitReady, plain.waitReady]);
    for (const db of [threaded, plain]) {
      await db.exec(`create table people (id serial primary key, name text not null unique, born date, seen timestamptz,
                                          tags text[], data jsonb, photo bytea, active boolean, score numeric)`);
    }
  });
  afterAll(async () => {
    await threaded.close();
    await plain.close();
  });

  it('gives the same rows, fields and counts for parameters of every kind', async () => {
    const params = ['Ana', '2001-02-03', new Date('2026-11-27T10:11:12.345Z'), ['a', "b'c", 'd,e'], { k: [1, 'x'] }, new Uint8Array([0, 1, 255]), true, '12.50'];
    const insert = `insert into people (name, born, seen, tags, data, photo, active, score) values ($1, $2, $3, $4, $5, $6, $7, $8) returning *`;
    const [a, b] = await Promise.all([threaded.query(insert, params), plain.query(insert, params)]);
    expect(a.rows).toEqual(b.rows);
    expect(a.fields).toEqual(b.fields);
    expect(a.affectedRows).toBe(1);
    const select = `select id, name, tags, photo from people where name = $1`;
    const [c, d] = await Promise.all([
      threaded.query(select, ['Ana'], { rowMode: 'array' }),
      plain.query(select, ['Ana'], { rowMode: 'array' }),
    ]);
    expect(c.rows).toEqual(d.rows);
    expect(c.rows[0]).toEqual([1, 'Ana', ['a', "b'c", 'd,e'], new Uint8Array([0, 1, 255])]);
  });

  it("applies the caller's parsers here, to the values of their types sent as text", async () => {
    const parsers = { [types.TIMESTAMPTZ]: (value: string) => `at ${value}`, [types.DATE]: (value: string) => value };
    const text = `select seen, born, name from people where name = 'Ana'`;
    const [a, b] = await Promise.all([threaded.query(text, [], { parsers }), plain.query(text, [], { parsers })]);
    expect(a.rows).toEqual(b.rows);
    expect(a.rows[0]).toEqual({ seen: 'at 2026-11-27 10:11:12.345+00', born: '2001-02-03', name: 'Ana' });
    const [c, d] = await Promise.all([
      threaded.query(text, [], { parsers, rowMode: 'array' }),
      plain.query(text, [], { parsers, rowMode: 'array' }),
    ]);
    expect(c.rows).toEqual(d.rows);
  });

  it('runs several statements in one exec and answers each', async () => {
    const text = `select 1 as one; select name from people order by id; select 'a' || 'b' as ab`;
    const [a, b] = await Promise.all([threaded.exec(text), plain.exec(text)]);
    expect(a).toEqual(b);
    expect(a.map((r) => r.rows)).toEqual([[{ one: 1 }], [{ name: 'Ana' }], [{ ab: 'ab' }]]);
  });

  it("throws PostgreSQL's error with its fields, and goes on answering", async () => {
    const error = await threaded.query(`insert into people (name) values ($1)`, ['Ana']).catch((e: unknown) => e);
    const expected = await plain.query(`insert into people (name) values ($1)`, ['Ana']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      message: (expected as Error).message,
      code: '23505',
      constraint: 'people_name_key',
      table: 'people',
      detail: 'Key (name)=(Ana) already exists.',
    });
    await expect(threaded.exec('select nonsense from nowhere')).rejects.toMatchObject({ code: '42P01' });
    expect((await threaded.query(`select count(*)::int as n from people`)).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that ends well, and rolls back one that throws (with the same error)', async () => {
    await threaded.transaction(async (tx) => {
      await tx.query(`insert into people (name) values ($1)`, ['Ben']);
      await tx.exec(`insert into people (name) values ('Cy')`);
    });
    const failure = new Error('changed my mind');
    const thrown = await threaded
      .transaction(async (tx) => {
        await tx.query(`insert into people (name) values ($1)`, ['Dee']);
        throw failure;
      })
      .catch((e: unknown) => e);
    expect(thrown).toBe(failure);
    await threaded.transaction(async (tx) => {
      await tx.query(`insert into people (name) values ($1)`, ['Eve']);
      await tx.rollback();
    });
    const inner = await threaded
      .transaction(async (tx) => {
        await tx.query(`insert into people (name) values ($1)`, ['Fay']);
        await tx.query(`insert into people (name) values ($1)`, ['Ben']);
      })
      .catch((e: unknown) => e);
    expect(inner).toMatchObject({ code: '23505' });
    const { rows } = await threaded.query<{ name: string }>(`select name from people order by id`);
    expect(rows.map((r) => r.name)).toEqual(['Ana', 'Ben', 'Cy']);
  });

  it('keeps statements sent during a transaction out of it until it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = threaded.transaction(async (tx) => {
      await tx.query(`insert into people (name) values ('Gus')`);
      inserted();
      await held;
      await tx.query(`insert into people (name) values ('Hal')`);
    });
    await insertedOnce;
    let outsideDone = false;
    const outside = threaded.query<{ n: number }>(`select count(*)::int as n from people`).then((r) => {
      outsideDone = true;
      return r.rows[0]?.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outsideDone).toBe(false);
    release();
    await transaction;
    expect(await outside).toBe(5);
  });

  it("copies rows from a Blob (COPY … FROM '/dev/blob'), in a transaction too, and a refused COPY leaves nothing", async () => {
    const rows = 'Copied One\t{"k": [1, "x"]}\nCopied Two\t\\N\n';
    for (const db of [threaded, plain]) {
      await db.exec(`create table copied (name text primary key, data jsonb)`);
      await db.query(`copy copied (name, data) from '/dev/blob'`, [], { blob: new Blob([rows]) });
      await db.transaction(async (tx) => {
        await tx.query(`copy copied (name) from '/dev/blob'`, [], { blob: new Blob(['Copied Three\n']) });
      });
      // The second line repeats a name: the whole COPY, and the transaction around it, are undone.
      await expect(
        db.transaction(async (tx) => {
          await tx.query(`insert into copied (name) values ('Kept only with the COPY')`);
          await tx.query(`copy copied (name) from '/dev/blob'`, [], { blob: new Blob(['Copied Four\nCopied One\n']) });
        }),
      ).rejects.toMatchObject({ code: '23505' });
    }
    const text = `select name, data from copied order by name`;
    const [a, b] = await Promise.all([threaded.query(text), plain.query(text)]);
    expect(a.rows).toEqual(b.rows);
    expect(a.rows).toEqual([
      { name: 'Copied One', data: { k: [1, 'x'] } },
      { name: 'Copied Three', data: null },
      { name: 'Copied Two', data: null },
    ]);
  });

  it('delivers a notification before the answer of the statement that brought it', async () => {
    const heard: string[] = [];
    const stop = await threaded.listen('people_changed', (payload) => heard.push(payload));
    await threaded.query(`select pg_notify('people_changed', $1)`, ['first']);
    expect(heard).toEqual(['first']);
    await threaded.transaction(async (tx) => {
      await tx.query(`select pg_notify('people_changed', 'second')`);
    });
    expect(heard).toEqual(['first', 'second']);
    await stop();
    await threaded.query(`select pg_notify('people_changed', 'third')`);
    expect(heard).toEqual(['first', 'second']);
  });

  it('keeps its data directory and refuses statements once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      const first = new ThreadedPGlite({ dataDir: dir });
      await first.waitReady;
      await first.exec(`create table kept (n int); insert into kept values (7)`);
      await first.close();
      expect(first.closed).toBe(true);
      await expect(first.query('select 1')).rejects.toThrow('PGlite is closed');
      const again = new ThreadedPGlite({ dataDir: dir });
      await again.waitReady;
      expect((await again.query(`select n from kept`)).rows).toEqual([{ n: 7 }]);
      await again.close();
      // A data directory that cannot be opened fails the opening (and ends its thread).
      const notADirectory = join(dir, 'file');
      writeFileSync(notADirectory, 'not a database');
      await expect(openThreadedPGlite({ dataDir: notADirectory })).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two databases made on disk from nothing (initdb in WebAssembly each): seconds on a quiet machine, more on a busy one.
  }, 90_000);
});
