import { sql } from 'drizzle-orm';
import type { AttentionDefinition } from '../../platform/area-summary.js';

/** What the Campus Management index asks the registrar to look at. */
export const campusAttention: readonly AttentionDefinition[] = [
  {
    key: 'sections-unstaffed',
    label: 'Sections without an instructor or room',
    resource: 'sections',
    table: 'sections',
    // Sections that run or will run; a dissolved or completed one needs nothing.
    where: () => sql`(t.instructor_id is null or t.room_id is null) and t.status not in ('DISSOLVED', 'COMPLETED')`,
  },
  {
    key: 'enrolments-draft',
    label: 'Enrolments still in draft',
    resource: 'enrolled-students',
    table: 'enrolled_students',
    where: () => sql`t.draft and not t.is_drop`,
  },
];
