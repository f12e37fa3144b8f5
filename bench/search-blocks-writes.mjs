// What the search blocks' triggers (decision 0074) cost a write (npm run bench:blocks-writes): a bulk insert of
// BENCH_ROWS (default 5,000) students copied from the table (new ids, student numbers and emails; one statement, as
// an import's batch), then an update of as many rows, each with the triggers that list the written rows
// (`list_search_inserted`, `list_search_updated`) and with them disabled, alternating for BENCH_ROUNDS (default 5)
// rounds in the same run. Every round runs in a transaction that is rolled back, and the table is vacuumed at the
// end: the rows rolled back would otherwise stay as dead rows and cost the index-only walks of later benches heap
// visits until autovacuum came by.
//
//   DATABASE_URL   a PostgreSQL database filled by `npm run bench:api` whose students have search blocks
//                  (`BENCH_REORDER=on npm run bench:api` builds them), e.g. campus_bench
//
// Prints the median milliseconds of each, their ratio (with ÷ without) and the load average.
import { loadavg } from 'node:os';
import pg from 'pg';

const ROWS = Number(process.env.BENCH_ROWS ?? 5_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
if (!process.env.DATABASE_URL?.startsWith('postgres')) throw new Error('Set DATABASE_URL to a PostgreSQL bench database.');

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
try {
  const { rows: triggers } = await client.query(
    `select tgname from pg_trigger where tgrelid = 'students'::regclass and tgname in ('list_search_inserted', 'list_search_updated')`,
  );
  if (triggers.length !== 2) throw new Error('The students table has no search blocks: run BENCH_REORDER=on npm run bench:api on this database first.');
  const { rows: columns } = await client.query(
    `select column_name as c from information_schema.columns where table_name = 'students' and table_schema = current_schema() and is_generated = 'NEVER' order by ordinal_position`,
  );
  const names = columns.map((r) => `"${r.c}"`);
  const values = columns.map(({ c }) =>
    c === 'id' ? 'gen_random_uuid()' : c === 'student_number' ? `'W' || s.student_number` : c === 'email' ? `'w.' || s.email` : `s."${c}"`,
  );
  const insert = `insert into students (${names.join(', ')}) select ${values.join(', ')} from students s order by s.id limit ${ROWS}`;
  const update = `update students set first_name = first_name || '' where id in (select id from students order by id desc limit ${ROWS})`;

  const timed = async (text, triggersOn) => {
    await client.query('begin');
    try {
      if (!triggersOn) await client.query('alter table students disable trigger list_search_inserted, disable trigger list_search_updated');
      const started = process.hrtime.bigint();
      await client.query(text);
      return Number(process.hrtime.bigint() - started) / 1e6;
    } finally {
      await client.query('rollback');
    }
  };
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const results = { insert: { on: [], off: [] }, update: { on: [], off: [] } };
  console.log(`\nsearch blocks' triggers: ${ROWS.toLocaleString('en-US')} rows per statement, ${ROUNDS} rounds; load average ${loadavg()[0].toFixed(2)}`);
  // A warm-up of each, not counted.
  for (const text of [insert, update]) for (const on of [true, false]) await timed(text, on);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [kind, text] of [['insert', insert], ['update', update]]) {
      // Alternate which comes first, so neither always runs on a warmer cache.
      const order = round % 2 ? [true, false] : [false, true];
      for (const on of order) results[kind][on ? 'on' : 'off'].push(await timed(text, on));
    }
    console.log(
      `  round ${round}  insert ${results.insert.on.at(-1).toFixed(1)} ms with, ${results.insert.off.at(-1).toFixed(1)} ms without;` +
        `  update ${results.update.on.at(-1).toFixed(1)} ms with, ${results.update.off.at(-1).toFixed(1)} ms without  load ${loadavg()[0].toFixed(1)}`,
    );
  }
  console.log('\nMedians:');
  for (const kind of ['insert', 'update']) {
    const on = median(results[kind].on);
    const off = median(results[kind].off);
    console.log(`  ${kind} of ${ROWS.toLocaleString('en-US')} students: ${on.toFixed(1)} ms with the triggers, ${off.toFixed(1)} ms without: ${(on / off).toFixed(2)}×`);
  }
  console.log(`  (load average now ${loadavg()[0].toFixed(2)})`);
  await client.query('vacuum (analyze) students');
} finally {
  await client.end();
}
