import { sql } from 'drizzle-orm';
import type { AnyEntity } from '@campus/domain-core';
import { canUseModule, MODULE_NOT_GRANTED, NO_ACCESS_MESSAGE, type ModuleGrants } from '@campus/domain-iam';
import { MODULE_GRANTS_SQL } from '../platform/auth/sessions.js';
import { rows, type Db } from '../platform/db/client.js';
import { HttpError } from '../platform/http/errors.js';

/** What the check needs to know about a user: the applications they hold and the modules their roles grant. */
export interface ResourceUser {
  readonly adminScopes: readonly string[];
  readonly moduleGrants: ModuleGrants | undefined;
}

/**
 * Why `user` may not list or change the records of `entity`, or null when they may: the application's scope
 * first, then the module the user's roles grant there. Every way into a resource's records asks this one
 * function — the route guard for each resource route, a batch when it starts and each of its jobs when it runs —
 * so a bulk action is allowed exactly when the same user may do it one record at a time.
 */
export function resourceRefusal(user: ResourceUser, entity: AnyEntity): HttpError | null {
  if (!user.adminScopes.includes(entity.application)) return new HttpError(403, NO_ACCESS_MESSAGE);
  if (!canUseModule(user.moduleGrants, entity.application, entity.module))
    return new HttpError(403, MODULE_NOT_GRANTED);
  return null;
}

/** A user's scopes and module grants as they stand now (a job re-reads them: roles change while work waits). */
export interface StoredResourceUser extends ResourceUser {
  readonly email: string;
  readonly iamAdmin: boolean;
  readonly isActive: boolean;
}

export async function resourceUserOf(db: Db, userId: string): Promise<StoredResourceUser | undefined> {
  const [user] = await rows<{
    email: string;
    admin_scopes: string[] | null;
    iam_admin: boolean;
    is_active: boolean;
    module_grants: ModuleGrants | null;
  }>(
    db,
    sql`select u.email, u.admin_scopes, u.iam_admin, u.is_active, ${sql.raw(MODULE_GRANTS_SQL)} as module_grants from users u where u.id = ${userId}`,
  );
  if (!user) return undefined;
  return {
    email: user.email,
    adminScopes: user.admin_scopes ?? [],
    iamAdmin: user.iam_admin,
    isActive: user.is_active,
    moduleGrants: user.module_grants ?? {},
  };
}

/**
 * The refusal for work done in a user's name after the request that asked for it (a batch's jobs): a user who no
 * longer exists or was deactivated is refused too, as their session would be.
 */
export function storedUserRefusal(user: StoredResourceUser | undefined, entity: AnyEntity): HttpError | null {
  if (!user || !user.isActive)
    return new HttpError(403, 'The user who started this work is no longer active.');
  return resourceRefusal(user, entity);
}
