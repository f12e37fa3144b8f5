// Upgrading from the previous release: a database made by its migrations (0000–0026, commit PREVIOUS_RELEASE) and
// holding demo data is opened by this version, which applies its newer migrations; every row survives and the API
// signs in and reads on it. The fixture is `test/previous-release.sql.gz` (made by test/make-previous-release.ts).
// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig, TestClock } from '../../test/harness.js';
import { MIGRATIONS_FOLDER, openDatabase, rows } from '../db/client.js';
import { DEMO_PASSWORD } from '../db/seed.js';
import { onDatabase, tempFolder, unmadePostgres } from './test/places.js';
import { closeAtFileEnd } from '../../test/file-end.js';

const SERVER = process.env.TEST_DATABASE_URL;
const FIXTURE = gunzipSync(readFileSync(join(import.meta.dirname, 'test/previous-release.sql.gz'))).toString('utf8');
const JOURNAL = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };

type Query = <R>(text: string) => Promise<R[]>;

/** Each table's rows in the columns it has now (generated ones excepted), as an order-free digest. */
async function rowsByTable(query: Query, columnsOf?: Map<string, string[]>): Promise<{ digests: Record<string, string>; columns: Map<string, string[]> }> {
  const columns =
    columnsOf ??
    (
      await query<{ tab: string; cols: string[] }>(
        `select c.relname as tab, array_agg(quote_ident(a.attname) order by a.attname) as cols
           from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
          group by c.relname`,
      )
    ).reduce((all, { tab, cols }) => all.set(tab, cols), new Map<string, string[]>());
  const digests: Record<string, string> = {};
  for (const [table, cols] of columns) {
    const [row] = await query<{ n: number; digest: string }>(
      `select count(*)::int as n, md5(coalesce(string_agg(md5(r::text), '' order by md5(r::text)), '')) as digest
         from (select ${cols.join(', ')} from ${table}) r`,
    );
    digests[table] = `${row!.n} ${row!.digest}`;
  }
  return { digests, columns };
}

describe(`upgrading a database of the previous release on ${SERVER ? 'PostgreSQL' : 'the embedded database'}`, () => {
  it('applies the newer migrations, keeps every row, and the API signs in and reads on it', async () => {
    // 1. The previous release's database.
    const dir = await tempFolder('upgrade');
    const databaseUrl = SERVER ? unmadePostgres(SERVER) : undefined;
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: SERVER });
      await admin.connect();
      await admin.query(`create database ${pg.escapeIdentifier(new URL(databaseUrl).pathname.slice(1))}`);
      await admin.end();
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(FIXTURE);
      await client.end();
    } else {
      const client = new PGlite({ dataDir: join(dir, 'pglite'), extensions: { pg_trgm } });
      await client.exec(FIXTURE);
      await client.close();
    }
    const place = databaseUrl ? { databaseUrl } : { pgliteFolder: join(dir, 'pglite') };
    const before = await onDatabase(place, async (query) => ({
      ...(await rowsByTable(query)),
      migrations: (await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations'))[0]!.n,
    }));
    expect(before.migrations).toBeLessThan(JOURNAL.entries.length);
    expect(Number(before.digests.students!.split(' ')[0])).toBeGreaterThan(0);

    // 2. This version opens it: its newer migrations run.
    const database = await openDatabase(databaseUrl ? { databaseUrl, poolSize: 4 } : { dataDir: dir });
    closeAtFileEnd(() => database.close());
    const [applied] = await rows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied!.n).toBe(JOURNAL.entries.length);

    // 3. Every row of the old tables is still there, in the columns the old schema had.
    const after = await rowsByTable((text) => rows(database.db, sql.raw(text)), before.columns);
    expect(after.digests).toEqual(before.digests);

    // 4. The API on the upgraded database: the demo administrator signs in and reads a student and the tickets.
    const app = await buildApp({ config: testConfig(new TestClock(new Date()), { responseEncryption: false }), database, logger: false });
    closeAtFileEnd(() => app.close());
    const signIn = await app.inject({ method: 'POST', url: '/core/v1.0/auth', payload: { email: 'admin@example.edu', password: DEMO_PASSWORD } });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const headers = { authorization: `Bearer ${signIn.json().data.token as string}` };
    const [student] = await rows<{ id: string; student_number: string }>(database.db, sql`select id, student_number from students order by student_number limit 1`);
    const got = await app.inject({ method: 'GET', url: `/core/v1.0/students/${student!.id}`, headers });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data.studentNumber).toBe(student!.student_number);
    const tickets = await app.inject({ method: 'GET', url: '/core/v1.0/support/tickets?limit=5', headers });
    expect(tickets.statusCode, tickets.body).toBe(200);
    expect(tickets.json().count).toBeGreaterThan(0);
  }, 240_000);
});
