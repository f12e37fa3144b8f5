import { sql } from 'drizzle-orm';
import { isApplicationCode } from '@campus/domain-core';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { hashPassword } from '../../../platform/auth/passwords.js';
import { revokeUserSessions } from '../../../platform/auth/sessions.js';
import type { Argon2Options } from '../../../config.js';
import type { ActorContext, EntityRecord, ResourceHooks } from '../../../resources/crud.js';

const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/**
 * Grants are checked against the acting user: only an IAM administrator grants `iamAdmin` or changes an IAM
 * administrator's account, and nobody grants an admin scope — directly or through a role's application — that
 * they do not hold themselves.
 */
async function checkGrants(
  tx: Db,
  actor: ActorContext,
  before: { iamAdmin: boolean; adminScopes: string[]; roleIds: string[] },
  after: Record<string, unknown>,
): Promise<void> {
  if (after.iamAdmin === true && !before.iamAdmin && !actor.iamAdmin) {
    throw new HttpError(403, 'Only an IAM administrator can grant IAM administrator.', {
      iamAdmin: ['Only an IAM administrator can grant IAM administrator.'],
    });
  }
  const added = asList(after.adminScopes).filter((s) => !before.adminScopes.includes(s));
  const lacking = added.filter((s) => !actor.adminScopes.includes(s));
  if (lacking.length) {
    const message = `You cannot grant scopes you do not hold: ${lacking.join(', ')}.`;
    throw new HttpError(403, message, { adminScopes: [message] });
  }
  const newRoles = asList(after.roleIds).filter((id) => !before.roleIds.includes(id));
  if (newRoles.length) {
    const found = await rows<{ application_code: string }>(
      tx,
      sql`select distinct application_code from roles where id = any(${`{${newRoles.join(',')}}`}::uuid[])`,
    );
    // A launcher application's roles need its scope; roles of other registered applications (single sign-on
    // clients) are Access Management's to grant.
    const roleLacking = found
      .map((r) => r.application_code)
      .filter((c) => isApplicationCode(c) && !actor.adminScopes.includes(c));
    if (roleLacking.length) {
      const message = `You cannot grant roles of applications you do not hold: ${roleLacking.join(', ')}.`;
      throw new HttpError(403, message, { roleIds: [message] });
    }
  }
}

/** What only someone holding at least an account's privileges may change on it (the way to take it over). */
const PROTECTED_FIELDS = ['email', 'temporaryPassword', 'adminScopes', 'roleIds', 'iamAdmin', 'isActive'] as const;

/**
 * An account that holds a scope the actor lacks (or is an IAM administrator, handled before) is more privileged
 * than the actor: its email, password, scopes, roles, administrator flag and state are out of the actor's reach
 * — changing the email and asking for a reset code would otherwise hand them the account. Keycloak's
 * fine-grained admin permissions make the same rule.
 */
function checkPrivilegedTarget(current: EntityRecord, changes: Record<string, unknown>, actor: ActorContext): void {
  if (actor.iamAdmin) return;
  const beyond = asList(current.adminScopes).filter((s) => !actor.adminScopes.includes(s));
  if (!beyond.length) return;
  const touched = PROTECTED_FIELDS.filter((f) => f in changes);
  if (!touched.length) return;
  const message = `You cannot change the ${touched.map(protectedLabel).join(', ')} of an account that holds scopes you do not hold (${beyond.join(', ')}).`;
  throw new HttpError(403, message, Object.fromEntries(touched.map((f) => [f, [message]])));
}

function protectedLabel(field: (typeof PROTECTED_FIELDS)[number]): string {
  return { email: 'email', temporaryPassword: 'password', adminScopes: 'admin scopes', roleIds: 'roles', iamAdmin: 'IAM administrator flag', isActive: 'active state' }[field];
}

export const LAST_IAM_ADMIN = 'The last active IAM administrator cannot lose the administrator flag or be deactivated.';

/**
 * Someone must always be able to administer access: the last active IAM administrator keeps the flag and stays
 * active. A transaction-scoped advisory lock orders concurrent demotions, so two administrators removing each
 * other at once cannot both succeed.
 */
async function keepLastIamAdmin(tx: Db, current: EntityRecord, changes: Record<string, unknown>): Promise<void> {
  if (current.iamAdmin !== true || current.isActive !== true) return;
  const losing = ('iamAdmin' in changes && changes.iamAdmin !== true) || ('isActive' in changes && changes.isActive !== true);
  if (!losing) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('campus:iam-administrators'))`);
  const [other] = await rows<{ id: string }>(
    tx,
    sql`select id from users where iam_admin and is_active and id <> ${current._id} limit 1`,
  );
  if (other) return;
  const fields = (['iamAdmin', 'isActive'] as const).filter((f) => f in changes);
  throw new HttpError(409, LAST_IAM_ADMIN, Object.fromEntries(fields.map((f) => [f, [LAST_IAM_ADMIN]])));
}

export function userHooks(argon2: Argon2Options): ResourceHooks {
  return {
    async beforeCreate(tx, data, actor) {
      await checkGrants(tx, actor, { iamAdmin: false, adminScopes: [], roleIds: [] }, data);
      const temporaryPassword = String(data.temporaryPassword);
      delete data.temporaryPassword;
      return {
        password_hash: await hashPassword(temporaryPassword, argon2),
        must_change_password: true,
      };
    },
    async beforeUpdate(tx, current: EntityRecord, changes, actor) {
      if (current.iamAdmin === true && !actor.iamAdmin) {
        throw new HttpError(403, 'Only an IAM administrator can change an IAM administrator account.');
      }
      checkPrivilegedTarget(current, changes, actor);
      await keepLastIamAdmin(tx, current, changes);
      await checkGrants(
        tx,
        actor,
        {
          iamAdmin: current.iamAdmin === true,
          adminScopes: asList(current.adminScopes),
          roleIds: asList(current.roleIds),
        },
        changes,
      );
    },
    async afterUpdate(tx, before, after, actor) {
      // Deactivating a user ends their sessions at once.
      if (before.isActive === true && after.isActive === false) await revokeUserSessions(tx, after._id, actor.now);
    },
  };
}
