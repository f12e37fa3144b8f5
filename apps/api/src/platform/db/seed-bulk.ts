import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.js';
import { openDatabase, rows, type Db } from './client.js';
import { insertRows } from './insert-rows.js';
import { isEmptyDatabase, makeStudents, seedDemo } from './seed.js';
import { randomSource } from './seed-data.js';

/** Rows per transaction: big enough to be quick, small enough to keep memory flat. */
const BATCH = 5_000;

/**
 * Adds synthetic students for benchmarks: `npm run seed:bulk -- --students 100000`. Runs the demo seed first on
 * an empty database (the students need campuses and programs), then inserts in batched multi-row statements.
 */
export async function seedBulk(db: Db, students: number, log: (line: string) => void = console.log): Promise<number> {
  if (await isEmptyDatabase(db)) {
    log('empty database: seeding the demo university first');
    await seedDemo(db, { argon2: loadConfig().argon2 });
  }
  const programs = await rows<{ id: string; campus_id: string; department_id: string; college_id: string | null }>(
    db,
    sql`select c.id, c.campus_id, c.department_id, d.college_id from courses c
        left join academic_departments d on d.id = c.department_id order by c.code`,
  );
  // The current (default) academic year: the demo's dates follow the day its database was created.
  const [year] = await rows<{ id: string; from: number }>(db, sql`select id, "from" from academic_years order by "default" desc, "from" desc limit 1`);
  const [semester] = await rows<{ id: string }>(db, sql`select id from semesters order by code limit 1`);
  const [existing] = await rows<{ n: string }>(db, sql`select count(*) as n from students`);
  const offset = Number(existing?.n ?? 0);
  const context = {
    campuses: [...new Set(programs.map((p) => p.campus_id))],
    programs: programs.map((p) => ({ id: p.id, campusId: p.campus_id, departmentId: p.department_id })),
    colleges: new Map(programs.map((p) => [p.department_id, p.college_id ?? ''])),
    admittedYearId: year!.id,
    admittedSemesterId: semester!.id,
    entryYear: Number(year!.from),
  };
  const started = Date.now();
  for (let done = 0; done < students; done += BATCH) {
    const size = Math.min(BATCH, students - done);
    const batch = makeStudents(randomSource(offset + done + 1), size, offset + done, context);
    await db.transaction((tx) => insertRows(tx as unknown as Db, 'students', batch));
    log(`  ${done + size} / ${students} students (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.execute(sql`vacuum analyze students`);
  return offset + students;
}

function studentsArgument(argv: readonly string[]): number {
  const at = argv.indexOf('--students');
  const value = Number(at >= 0 ? argv[at + 1] : 100_000);
  if (!Number.isInteger(value) || value <= 0) throw new Error('Use --students <a positive whole number>.');
  return value;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  const count = studentsArgument(process.argv);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const started = Date.now();
  const total = await seedBulk(database.db, count);
  console.log(`added ${count} students in ${((Date.now() - started) / 1000).toFixed(1)} s; ${total} in all`);
  await database.close();
}
