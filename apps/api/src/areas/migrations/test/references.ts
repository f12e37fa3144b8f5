import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';

/**
 * The records the import tests' student rows name by code: campus MAIN, college CAS, department MATH and program
 * BSMATH, each under the one before.
 */
export async function insertImportReferences(db: Db): Promise<void> {
  const [campus] = await rows<{ id: string }>(db, sql`insert into campuses (code, name, is_active, created_at, updated_at) values ('MAIN', 'Main Campus', true, now(), now()) returning id`);
  const [college] = await rows<{ id: string }>(db, sql`insert into colleges (code, name, campus_id, is_active, created_at, updated_at) values ('CAS', 'Arts and Sciences', ${campus!.id}, true, now(), now()) returning id`);
  const [department] = await rows<{ id: string }>(db, sql`insert into academic_departments (code, name, college_id, campus_id, is_active, created_at, updated_at) values ('MATH', 'Mathematics', ${college!.id}, ${campus!.id}, true, now(), now()) returning id`);
  await db.execute(sql`insert into courses (code, name, department_id, campus_id, is_active, created_at, updated_at) values ('BSMATH', 'BS Mathematics', ${department!.id}, ${campus!.id}, true, now(), now())`);
}
