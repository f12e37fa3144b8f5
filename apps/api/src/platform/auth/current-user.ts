import type { CurrentUser } from '@campus/api-contract';
import { statement, type Database } from '../db/client.js';
import { answerCache } from '../cache.js';
import { MODULE_GRANTS_SQL } from './sessions.js';

/** Compiled once and run with a reusable plan: every page of the console asks for it. */
const CURRENT_USER = statement(
  `select jsonb_build_object(
          '_id', u.id, 'email', u.email, 'firstName', u.first_name, 'lastName', u.last_name, 'avatar', u.avatar,
          'adminScopes', to_jsonb(u.admin_scopes), 'iamAdmin', u.iam_admin,
          'mustChangePassword', u.must_change_password,
          'unreadNotifications', (select count(*)::int from notifications n where n.user_id = u.id and n.read_at is null),
          'moduleGrants', ${MODULE_GRANTS_SQL},
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
 * modules granted through active roles), the linked employee with designation and department, and how many notices
 * wait unread (the console's header shows it on every page) — one query.
 */
export async function loadCurrentUser(
  database: Pick<Database, 'run' | 'tableChanges'>,
  userId: string,
): Promise<CurrentUser | undefined> {
  // Remembered until one of the tables it reads changes, whoever writes it (see `answerCache`).
  return rememberedUser(database, userId, CURRENT_USER_TABLES, async () => (await database.run<{ user: CurrentUser }>(CURRENT_USER, [userId]))[0]?.user);
}

/** The tables `CURRENT_USER` reads. */
const CURRENT_USER_TABLES = ['users', 'roles', 'modules', 'employees', 'designations', 'hr_departments', 'notifications'];
const rememberedUser = answerCache<CurrentUser | undefined>({ name: 'current users', maxEntries: 1_000 });
