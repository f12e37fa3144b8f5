import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';

/** A service of an application, as tokens and the profile list it. */
export interface GrantedService {
  name: string;
  url: string;
  target: string;
}

/** What a user holds in one registered application, and whether they may sign in to it. */
export interface ApplicationAccess {
  userId: string;
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  /** The user's account is linked to an employee record. */
  isEmployee: boolean;
  applicationCode: string;
  applicationName: string;
  roles: string[];
  modules: string[];
  services: GrantedService[];
  /** Active user, active application, and a role in it unless it is open to all. */
  allowed: boolean;
}

interface AccessRow {
  user_id: string;
  email: string;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  is_employee: boolean;
  user_active: boolean;
  code: string;
  app_name: string;
  app_active: boolean;
  is_open_to_all: boolean;
  roles: string[];
  modules: string[];
  services: GrantedService[];
}

/** The application asked about: by an OpenID Connect client's id, or by its own id (a SAML service provider's). */
export type AccessTarget = { readonly clientId: string } | { readonly applicationId: string };

/**
 * A user's roles, modules and services in one application — one query, for every sign-in protocol. An OpenID Connect
 * client may be open to all users; otherwise a user needs a role there.
 */
export async function applicationAccess(db: Db, userId: string, target: AccessTarget): Promise<ApplicationAccess | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) return undefined;
  const source =
    'clientId' in target
      ? sql`sso_clients c join applications a on a.id = c.application_id where c.client_id = ${target.clientId} and`
      : sql`applications a where a.id = ${target.applicationId} and`;
  const openToAll = 'clientId' in target ? sql`c.is_open_to_all` : sql`false`;
  const [row] = await rows<AccessRow>(
    db,
    sql`select u.id as user_id, u.email, u.first_name, u.middle_name, u.last_name, u.employee_id is not null as is_employee,
               u.is_active as user_active, a.code, a.name as app_name, a.is_active as app_active, ${openToAll} as is_open_to_all,
               array(select r.name from roles r
                      where r.id = any(u.role_ids) and r.is_active and r.application_code = a.code order by r.name) as roles,
               array(select distinct m.code from roles r join modules m on m.id = any(r.module_ids)
                      where r.id = any(u.role_ids) and r.is_active and m.is_active and r.application_code = a.code
                      order by m.code) as modules,
               (select coalesce(jsonb_agg(jsonb_build_object('name', s.name, 'url', s.url, 'target', s.target) order by s.name), '[]'::jsonb)
                  from services s where s.application_code = a.code and s.is_active) as services
          from users u, ${source} u.id = ${userId}`,
  );
  if (!row) return undefined;
  const roles = row.roles ?? [];
  return {
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    isEmployee: row.is_employee,
    applicationCode: row.code,
    applicationName: row.app_name,
    roles,
    modules: row.modules ?? [],
    services: row.services ?? [],
    allowed: row.user_active && row.app_active && (row.is_open_to_all || roles.length > 0),
  };
}

/** The claims of the token and userinfo for that access (by scope: profile, email, roles). */
export function claimsOf(access: ApplicationAccess): Record<string, unknown> {
  const name = [access.firstName, access.middleName, access.lastName].filter(Boolean).join(' ');
  return {
    sub: access.userId,
    email: access.email,
    name,
    given_name: access.firstName,
    middle_name: access.middleName ?? undefined,
    family_name: access.lastName,
    roles: access.roles,
    modules: access.modules,
    services: access.services,
  };
}
