import { sql, type SQL } from 'drizzle-orm';
import type { AudienceInput } from '@campus/domain-chatbot';

/**
 * The subscribers an audience covers, resolved from the live records at the time of asking: kinds for the whole
 * groups, the linked student's campus, the linked employee's department or designation, or chosen subscribers.
 * Inactive subscribers are never part of an audience; opted-out ones are (the caller skips and counts them).
 */
export function audienceCondition(input: AudienceInput): SQL {
  const ids = sql`array[${sql.join(input.ids.map((id) => sql`${id}`), sql`, `)}]::uuid[]`;
  const base = sql`s.is_active`;
  switch (input.audience) {
    case 'ALL':
      return base;
    case 'STUDENTS':
      return sql`${base} and 'STUDENT' = any(s.kinds)`;
    case 'EMPLOYEES':
      return sql`${base} and 'EMPLOYEE' = any(s.kinds)`;
    case 'GUARDIANS':
      return sql`${base} and 'GUARDIAN' = any(s.kinds)`;
    case 'CAMPUS':
      return sql`${base} and exists (select 1 from students st where st.id = s.student_id and st.campus_id = any(${ids}))`;
    case 'DEPARTMENTS':
      return sql`${base} and exists (select 1 from employees e where e.id = s.employee_id and e.department_id = any(${ids}))`;
    case 'DESIGNATIONS':
      return sql`${base} and exists (select 1 from employees e where e.id = s.employee_id and e.designation_id = any(${ids}))`;
    case 'CUSTOM':
      return sql`${base} and s.id = any(${ids})`;
  }
}
