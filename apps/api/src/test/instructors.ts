import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../platform/db/client.js';
import { insertRows } from '../platform/db/insert-rows.js';

/** Instructors for list tests: many equal names (the id decides ties), names with `Ñ`, an apostrophe, a space. */
export const LAST_NAMES = ['Reyes', 'Santos', 'Cruz', 'Bautista', 'Garcia', 'Mendoza', 'Dela Cruz', "O'Brien", 'Ñiguez', 'aquino'];
export const FIRST_NAMES = ['Ana', 'Jose', 'Maria', 'Juan', 'Luz', 'Pedro', 'Rosa'];

/** Adds `total` instructors; the `firstStep` spreads first names against last names differently from one test to another. */
export async function insertInstructors(db: Db, total: number, firstStep = 1): Promise<void> {
  await insertRows(
    db,
    'instructors',
    Array.from({ length: total }, (_, i) => ({
      id: randomUUID(),
      employeeNumber: `EMP-${String((i * 7919) % 100_000).padStart(6, '0')}`,
      firstName: FIRST_NAMES[(i * firstStep) % FIRST_NAMES.length],
      lastName: LAST_NAMES[(i * 31) % LAST_NAMES.length],
    })),
  );
}

export const INSTRUCTOR_COLUMNS: Record<string, string> = {
  lastName: 'last_name',
  firstName: 'first_name',
  employeeNumber: 'employee_number',
  createdAt: 'created_at',
};

const SEARCH_FIELDS = ['employee_number', 'last_name', 'first_name'];
const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The plain query of a list search of instructors: every word in one of the search fields as `ilike` judges it, the
 * page by `limit`/`offset` in list order (`sort` as the API takes it), and `count(*)`.
 */
export async function plainInstructorSearch(db: Db, q: string, sort: string, limit: number, page: number, activeOnly = false) {
  const words = q.split(/\s+/).filter(Boolean);
  const conditions = words.map((word) => sql`(${sql.join(SEARCH_FIELDS.map((f) => sql`${sql.raw(f)} ilike ${`%${escapeLike(word)}%`}`), sql` or `)})`);
  if (activeOnly) conditions.push(sql`is_active`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const desc = sort.startsWith('-');
  const column = sql.raw(INSTRUCTOR_COLUMNS[desc ? sort.slice(1) : sort]!);
  const direction = sql.raw(desc ? 'desc' : 'asc');
  const ids = await rows<{ id: string }>(
    db,
    sql`select id from instructors ${where} order by ${column} ${direction}, id ${direction} limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [counted] = await rows<{ n: string }>(db, sql`select count(*) as n from instructors ${where}`);
  return { ids: ids.map((r) => r.id), count: Number(counted!.n) };
}

/**
 * Waits until the instructors' search sample is read (the first search that could use it reads it in the
 * background): until a page beyond the matches a collected search remembers answers an estimated count. `get`
 * answers a list URL under `/core/v1.0/`.
 */
export async function searchSampleRead(get: (url: string) => Promise<{ estimated?: true }>, rememberedMatches: number): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if ((await get(`instructors?q=a&limit=5&page=${rememberedMatches / 5 + 1 + attempt}`)).estimated) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('The search sample was never read.');
}
