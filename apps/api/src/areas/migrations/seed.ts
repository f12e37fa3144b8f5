import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.js';

const HEADERS = ['studentNumber', 'names', 'gender', 'birthDate', 'campusCode', 'collegeCode', 'courseCode', 'isActive'];

/**
 * Demo history for Data Migration: the old registrar's database and its REST API saved as sources (on example
 * hosts, without secrets: an administrator enters the real ones), and three past runs by the administrator: this
 * term's intake from a spreadsheet with two rejected rows (their error file downloads), a read of the old database
 * that updated records, and a read of the API.
 */
export async function seedMigration(db: Db, input: { at: Date; adminId: string }): Promise<void> {
  const at = (minutesAgo: number) => new Date(input.at.getTime() - minutesAgo * 60_000).toISOString();
  // The demo's two sources are on the hosts list, as an administrator would list them (nothing else is reachable).
  await db.execute(sql`insert into system_settings (id, data, updated_at)
      values (1, ${JSON.stringify({ apiSourceHosts: ['registrar-db.example.edu', 'sis-legacy.example.edu'] })}::jsonb, ${at(20_160)})
      on conflict (id) do update set data = system_settings.data || excluded.data`);
  const [connection] = await rows<{ id: string }>(
    db,
    sql`insert into migration_connections (name, kind, host, port, database, username, tls, created_by_id, created_at, updated_at)
        values ('Legacy registrar (MariaDB)', 'mariadb', 'registrar-db.example.edu', 3306, 'registrar', 'reader', true, ${input.adminId}, ${at(20_160)}, ${at(20_160)})
        returning id`,
  );
  await db.execute(sql`insert into migration_cursors (connection_id, source, cursor_column, last_value, updated_at)
      values (${connection!.id}, 'students', 'updated_at', '2026-11-19 18:42:07', ${at(5_760)})`);
  const [source] = await rows<{ id: string }>(
    db,
    sql`insert into migration_api_sources (name, base_url, auth_kind, pagination, page_param, size_param, page_size, rows_path, cursor_field, since_param,
          last_cursor, cursor_updated_at, created_by_id, created_at, updated_at)
        values ('Old SIS REST API', 'https://sis-legacy.example.edu/api/v1/subjects', 'bearer', 'page', 'page', 'per_page', 100, 'data', 'updated_at', 'updated_since',
                '2026-11-20T09:15:00Z', ${at(4_320)}, ${input.adminId}, ${at(10_080)}, ${at(10_080)})
        returning id`,
  );
  const mapping = Object.fromEntries(HEADERS.map((h) => [h, h]));
  const kinds = Object.fromEntries(HEADERS.map((h) => [h, 'exact']));
  const rejected = [
    {
      line: 37,
      error: 'collegeCode: No record with the code CENG.',
      cells: { studentNumber: '2026-10037', names: 'Villanueva, Paolo', gender: 'Male', birthDate: '2007-03-14', campusCode: 'MAIN', collegeCode: 'CENG', courseCode: 'BSCE', isActive: 'true' },
    },
    {
      line: 88,
      error: 'birthDate: Enter a date as yyyy-mm-dd.',
      cells: { studentNumber: '2026-10088', names: 'Dela Cruz, Andrea', gender: 'Female', birthDate: '31/02/2007', campusCode: 'MAIN', collegeCode: 'CAS', courseCode: 'BSBIO', isActive: 'true' },
    },
  ];
  const intake = { read: 120, created: 118, updated: 0, rejected: 2 };
  const [file] = await rows<{ id: string }>(
    db,
    sql`insert into migration_runs (resource, source_kind, source_name, headers, mapping, match_kinds, mode, date_format, state, preview, counts,
          rejected_rows, started_by_id, created_at, started_at, finished_at)
        values ('students', 'file', 'students-first-semester-intake.xlsx', ${JSON.stringify(HEADERS)}::jsonb, ${JSON.stringify(mapping)}::jsonb,
                ${JSON.stringify(kinds)}::jsonb, 'skip', 'mm/dd/yyyy', 'completed', ${JSON.stringify(intake)}::jsonb, ${JSON.stringify(intake)}::jsonb,
                ${JSON.stringify(rejected)}::jsonb, ${input.adminId}, ${at(7_200)}, ${at(7_195)}, ${at(7_194)})
        returning id`,
  );
  await db.execute(sql`
    insert into migration_rows (run_id, line, cells, outcome, error)
    select ${file!.id}, (e->>'line')::int, e->'cells', 'rejected', e->>'error' from jsonb_array_elements(${JSON.stringify(rejected)}::jsonb) e`);
  const read = (_source: string, n: { read: number; created: number; updated: number }) => JSON.stringify({ ...n, rejected: 0 });
  await db.execute(sql`
    insert into migration_runs (resource, source_kind, source_name, headers, mapping, match_kinds, mode, state, preview, counts, connection_id,
          source_table, cursor_column, cursor_from, started_by_id, created_at, started_at, finished_at)
    values ('students', 'database', 'Legacy registrar (MariaDB): students (after updated_at 2026-11-12 07:30:00)', ${JSON.stringify(HEADERS)}::jsonb,
            ${JSON.stringify(mapping)}::jsonb, ${JSON.stringify(kinds)}::jsonb, 'skip', 'completed', ${read('db', { read: 35, created: 0, updated: 35 })}::jsonb,
            ${read('db', { read: 35, created: 0, updated: 35 })}::jsonb, ${connection!.id}, 'students', 'updated_at', '2026-11-12 07:30:00',
            ${input.adminId}, ${at(5_760)}, ${at(5_759)}, ${at(5_758)})`);
  const subjectHeaders = ['code', 'name', 'units', 'updated_at'];
  await db.execute(sql`
    insert into migration_runs (resource, source_kind, source_name, headers, mapping, match_kinds, mode, state, preview, counts, api_source_id,
          cursor_column, started_by_id, created_at, started_at, finished_at)
    values ('subjects', 'api', 'Old SIS REST API', ${JSON.stringify(subjectHeaders)}::jsonb,
            ${JSON.stringify({ code: 'code', name: 'name', units: 'units', updated_at: '' })}::jsonb,
            ${JSON.stringify({ code: 'exact', name: 'exact', units: 'exact', updated_at: null })}::jsonb, 'all', 'completed',
            ${read('api', { read: 64, created: 12, updated: 52 })}::jsonb, ${read('api', { read: 64, created: 12, updated: 52 })}::jsonb,
            ${source!.id}, 'updated_at', ${input.adminId}, ${at(4_320)}, ${at(4_319)}, ${at(4_318)})`);
}
