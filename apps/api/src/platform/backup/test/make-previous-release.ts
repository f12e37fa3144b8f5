// Writes the fixture of the upgrade test, `previous-release.sql.gz`: a database made by the migrations of the
// previous landed release (commit PREVIOUS_RELEASE, the last merge of 2026-11-23: migrations 0000–0026), holding
// demo data, as a plain SQL dump (`pg_dump --column-inserts`) that PostgreSQL and PGlite both load.
//
// The data: today's demo seed in a database migrated to today's schema, copied table by table into the old schema
// (the columns both have; a table the old schema lacks is left out). Run from apps/api, with a PostgreSQL server:
//   FIXTURE_SERVER=postgres://postgres@127.0.0.1:5432/postgres node --import tsx src/platform/backup/test/make-previous-release.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { openDatabase } from '../../db/client.js';
import { seedDemo } from '../../db/seed.js';

export const PREVIOUS_RELEASE = '77e3d4ab1ab1f44fc860ada467b67e4e1a6de884';
const server = process.env.FIXTURE_SERVER ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const here = import.meta.dirname;
const repository = resolve(here, '../../../../../..');

const at = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  await client.query(statement);
  await client.end();
}

/** The migrations folder as it was at `commit`, written to a temporary folder. */
function migrationsAt(commit: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'campus-old-migrations-'));
  mkdirSync(join(folder, 'meta'));
  const files = execFileSync('git', ['ls-tree', '-r', '--name-only', commit, 'apps/api/drizzle/'], { cwd: repository, encoding: 'utf8' }).trim().split('\n');
  for (const file of files) {
    if (!file.endsWith('.sql') && !file.endsWith('_journal.json')) continue;
    const content = execFileSync('git', ['show', `${commit}:${file}`], { cwd: repository, maxBuffer: 64 * 1024 * 1024 });
    writeFileSync(join(folder, file.replace('apps/api/drizzle/', '')), content);
  }
  return folder;
}

const current = 'campus_fixture_current';
const previous = 'campus_fixture_previous';
for (const name of [current, previous]) await admin(`drop database if exists ${name} with (force)`);
await admin(`create database ${current}`);
await admin(`create database ${previous}`);

// Today's demo data (a small university: 60 students), with cheap password hashes (their cost is in each hash).
const today = await openDatabase({ databaseUrl: at(current), poolSize: 2 });
await seedDemo(today.db, { argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 }, students: 60, now: new Date('2026-11-23T08:00:00Z') });
await today.close();

// The previous release's schema.
const folder = migrationsAt(PREVIOUS_RELEASE);
const oldPool = new pg.Pool({ connectionString: at(previous), max: 1 });
await migrate(drizzle(oldPool), { migrationsFolder: folder });
rmSync(folder, { recursive: true, force: true });

// Each old table gets today's rows, through JSON, in the columns both schemas have (generated ones excepted).
const source = new pg.Client({ connectionString: at(current) });
await source.connect();
const target = await oldPool.connect();
const columns = async (client: pg.ClientBase) =>
  (
    await client.query<{ tab: string; col: string }>(
      `select c.relname as tab, a.attname as col from pg_attribute a join pg_class c on c.oid = a.attrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''`,
    )
  ).rows;
const have = new Set((await columns(source)).map((c) => `${c.tab}.${c.col}`));
const byTable = new Map<string, string[]>();
for (const { tab, col } of await columns(target)) if (have.has(`${tab}.${col}`)) byTable.set(tab, [...(byTable.get(tab) ?? []), col]);
await target.query('begin');
await target.query(`set local session_replication_role = replica`);
const copied: Record<string, number> = {};
for (const [table, cols] of [...byTable].sort()) {
  const list = cols.map((c) => pg.escapeIdentifier(c)).join(', ');
  const { rows } = await source.query<{ data: unknown[] | null }>(`select json_agg(t) as data from (select ${list} from ${pg.escapeIdentifier(table)}) t`);
  const data = rows[0]?.data ?? [];
  if (!data.length) continue;
  // Rows the migrations wrote (a table's change counter) give way to today's.
  await target.query(`delete from ${pg.escapeIdentifier(table)}`);
  await target.query(`insert into ${pg.escapeIdentifier(table)} (${list}) select ${list} from json_populate_recordset(null::${pg.escapeIdentifier(table)}, $1)`, [JSON.stringify(data)]);
  copied[table] = data.length;
}
const sequences = await source.query<{ name: string; value: string }>(`select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null`);
for (const { name, value } of sequences.rows) {
  await target.query(`select setval(to_regclass($1), $2) where to_regclass($1) is not null`, [`public.${pg.escapeIdentifier(name)}`, value]);
}
await target.query('commit');
target.release();
await oldPool.end();
await source.end();

const dump = execFileSync('pg_dump', ['--no-owner', '--no-privileges', '--column-inserts', '--rows-per-insert=100', `--dbname=${at(previous)}`], {
  maxBuffer: 512 * 1024 * 1024,
});
// pg_dump's psql meta-commands (`\restrict …`) are for psql only: the fixture is run by drivers.
const plain = dump.toString('utf8').split('\n').filter((line) => !/^\\(un)?restrict /.test(line)).join('\n');
const out = join(here, 'previous-release.sql.gz');
writeFileSync(out, gzipSync(plain, { level: 9 }));
for (const name of [current, previous]) await admin(`drop database if exists ${name} with (force)`);
console.log(`${out}: ${Object.keys(copied).length} tables, ${Object.values(copied).reduce((a, b) => a + b, 0)} rows, ${plain.length} characters of SQL`);
