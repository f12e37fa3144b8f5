import type { CurrentUser } from '@campus/api-contract';
import { statement, type Database } from '../db/client.js';
import { rememberedReads } from '../db/remembered.js';

/** Compiled once and run with a reusable plan: every page of the console asks for it. */
const CURRENT_USER = statement(
  `select jsonb_build_object(
          '_id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'avatar', u.avatar,
          'adminScopes', to_jsonb(u.admin_scopes), 'iamAdmin', u.iam_admin,
          'mustChangePassword', u.must_change_password,
          'scopes', to_jsonb(array(
            select distinct s from (
              select unnest(u.admin_scopes) as s
              union
              select m.code from roles r join modules m on m.id = any(r.module_ids)
              where r.id = any(u.role_ids) and r.is_active and m.is_active
            ) granted order by s)),
          'employee', case when e.id is null then null else jsonb_build_object(
            'fname', e.first_name, 'lname', e.last_name, 'mname', e.middle_name,
            'designation', case when d.id is null then null else jsonb_build_object('name', d.name) end,
            'department', case when h.id is null then null else jsonb_build_object('name', h.name) end) end
        ) as user
        from users u
        left join employees e on e.id = u.employee_id
        left join designations d on d.id = e.designation_id
        left join hr_departments h on h.id = e.department_id
        where u.id = $1`,
);

/**
 * The signed-in user of `GET /core/v1.0/users/me`: the account, its scopes (admin scopes plus the codes of
 * modules granted through active roles) and the linked employee with designation and department — one query.
 */
export async function loadCurrentUser(
  database: Pick<Database, 'run' | 'writeGeneration'>,
  userId: string,
): Promise<CurrentUser | undefined> {
  // Remembered until anything is written (embedded database only, see `rememberedReads`).
  return rememberedUser(database, userId, async () => (await database.run<{ user: CurrentUser }>(CURRENT_USER, [userId]))[0]?.user);
}

const rememberedUser = rememberedReads<CurrentUser | undefined>(1_000);
