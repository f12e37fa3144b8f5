import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.js';
import { HttpError } from '../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { revokeUserSessions } from '../auth/sessions.js';
import type { Argon2Options } from '../config.js';
import type { ActorContext, EntityRecord, ResourceHooks } from './crud.js';

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
    const roleLacking = found.map((r) => r.application_code).filter((c) => !actor.adminScopes.includes(c));
    if (roleLacking.length) {
      const message = `You cannot grant roles of applications you do not hold: ${roleLacking.join(', ')}.`;
      throw new HttpError(403, message, { roleIds: [message] });
    }
  }
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
