import { sql } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.js';
import { insertRows } from '../../../platform/db/insert-rows.js';

/** The demo application registered for single sign-on (README: try it with any OpenID Connect client). */
export const DEMO_CLIENT = {
  clientId: 'demo-portal',
  redirectUri: 'http://localhost:8400/callback',
  postLogoutRedirectUri: 'http://localhost:8400/',
} as const;

/**
 * A "Student Portal" application with a module, a role held by the IAM administrator (not by the registrar, who
 * sees No Access), its services, and a public client (authorization code + PKCE, no secret to hand out).
 */
export async function seedSsoDemo(tx: Db, id: () => string, at: Date): Promise<void> {
  const applicationId = id();
  const moduleId = id();
  const roleId = id();
  await insertRows(
    tx,
    'applications',
    [
      {
        id: applicationId,
        code: 'PORTAL',
        name: 'Student Portal',
        description:
          'Grades, schedules and enrolment for students (signs in through the university account).',
        applicationURL: 'http://localhost:8400/',
      },
    ],
    at,
  );
  await insertRows(
    tx,
    'modules',
    [
      {
        id: moduleId,
        code: 'PORTAL-GRADES',
        name: 'Grades',
        applicationCode: 'PORTAL',
        description: 'Grade viewing.',
      },
    ],
    at,
  );
  await insertRows(
    tx,
    'roles',
    [
      {
        id: roleId,
        name: 'Portal Administrator',
        applicationCode: 'PORTAL',
        description: 'Manages the Student Portal.',
        moduleIds: [moduleId],
      },
    ],
    at,
  );
  await tx.execute(sql`update services set application_code = 'PORTAL' where name = 'Student Portal'`);
  await tx.execute(
    sql`update users set role_ids = array_append(role_ids, ${roleId}::uuid) where email = 'admin@example.edu'`,
  );
  await tx.execute(
    sql`insert into sso_clients (application_id, client_id, is_confidential, redirect_uris, post_logout_redirect_uris,
          allow_refresh_tokens, access_token_minutes, refresh_token_days, is_open_to_all, created_at, updated_at)
        values (${applicationId}, ${DEMO_CLIENT.clientId}, false, ${`{${DEMO_CLIENT.redirectUri}}`}::text[],
          ${`{${DEMO_CLIENT.postLogoutRedirectUri}}`}::text[], true, 60, 14, false, ${at.toISOString()}, ${at.toISOString()})`,
  );
}
