import { sql } from 'drizzle-orm';
import { normalDn, type DirectoryGroups } from '@campus/api-contract';
import { writeAudit, type Actor } from '../../../platform/audit/audit.js';
import { revokeUserSessions } from '../../../platform/auth/sessions.js';
import { rows, type Db } from '../../../platform/db/client.js';
import type { DirectoryPerson } from './ldap.js';

/**
 * The password hash of an account the directory owns: not a hash, so no password ever matches it here (the
 * directory checks the password; `verifyPassword` answers false for anything that is not a PHC string).
 */
export const DIRECTORY_PASSWORD_HASH = '!directory';

/** The directory writes as itself in the audit trail. */
export const DIRECTORY_ACTOR: Actor = { id: null, email: 'directory sync', ip: null };

/** What happened to one person's account. */
export type Outcome = 'created' | 'updated' | 'unchanged' | 'kept-local';

/**
 * The IAM roles the directory's groups give `person`: the roles of every mapped group the entry is in (DNs compared
 * without case or spaces). None when the mapping is off.
 */
export function directoryRoleIds(person: Pick<DirectoryPerson, 'groups'>, groups: DirectoryGroups): string[] {
  if (groups.source === 'none') return [];
  const held = new Set(person.groups.map(normalDn));
  const ids = groups.rules.filter((rule) => held.has(normalDn(rule.groupDn))).flatMap((rule) => rule.roleIds);
  return [...new Set(ids)];
}

/** A Postgres array literal of uuids (already checked to be roles' ids). */
const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;

/** Of `ids`, those that are roles here (a mapping may name a role deleted since), in the given order. */
async function existingRoles(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const found = await rows<{ id: string }>(tx, sql`select id::text as id from roles where id = any(${uuidArray(ids)}::uuid[])`);
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => known.has(id));
}

/**
 * The account's roles once the directory has set its own (decision 0064, amended). `granted` are the roles the
 * directory granted last time, `wanted` those its groups grant now. Every role on the account the directory did not
 * grant was granted by hand and stays; the directory's are replaced by `wanted`. A role the account already held by
 * hand stays a hand-granted one even when a group also grants it (the directory never takes away what it did not give).
 */
export function withDirectoryRoles(current: readonly string[], granted: readonly string[], wanted: readonly string[]) {
  const byHand = current.filter((id) => !granted.includes(id));
  const directory = wanted.filter((id) => !byHand.includes(id));
  return { roleIds: [...byHand, ...directory], directory };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id) => b.includes(id));

interface Linked {
  user_id: string;
  role_ids: string[];
  granted_role_ids: string[];
  email: string;
  first_name: string;
  last_name: string;
  is_active: boolean;
  user_type: string | null;
  dn: string;
  removed_at: string | Date | null;
}

/**
 * Creates or updates the account of one directory entry, matched by the entry's stable id (so a changed email or a
 * moved entry stays the same account). An account that exists here with the same email but is not the directory's
 * stays local: the directory never takes over an account it did not create (a directory entry given the email of a
 * local administrator must not become that administrator). An account the directory had deactivated because its
 * entry was gone is active again when the entry is back (with a new id when it was made again under the same email);
 * one an administrator deactivated stays inactive.
 */
export async function upsertAccount(
  tx: Db,
  person: DirectoryPerson,
  now: Date,
  wantedRoles: readonly string[],
  actor: Actor = DIRECTORY_ACTOR,
): Promise<{ outcome: Outcome; userId: string | null }> {
  const at = now.toISOString();
  // An entry made again (a new id) for an account the directory had deactivated takes that account back.
  await tx.execute(
    sql`update directory_accounts d set external_id = ${person.externalId} from users u
        where u.id = d.user_id and lower(u.email) = lower(${person.email}) and d.removed_at is not null
          and not exists (select 1 from directory_accounts o where o.external_id = ${person.externalId})`,
  );
  const [linked] = await rows<Linked>(
    tx,
    sql`select d.user_id, u.email, u.first_name, u.last_name, u.is_active, d.user_type, d.dn, d.removed_at,
               to_jsonb(u.role_ids) as role_ids, to_jsonb(d.role_ids) as granted_role_ids
        from directory_accounts d join users u on u.id = d.user_id where d.external_id = ${person.externalId} for update of d, u`,
  );
  const [clash] = await rows<{ id: string }>(
    tx,
    sql`select id from users where lower(email) = lower(${person.email}) ${linked ? sql`and id <> ${linked.user_id}` : sql``}`,
  );
  if (clash) return { outcome: 'kept-local', userId: linked?.user_id ?? null };
  const wanted = await existingRoles(tx, wantedRoles);
  if (!linked) {
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into users (email, first_name, last_name, password_hash, must_change_password, is_active, role_ids, created_at, updated_at)
          values (${person.email}, ${person.firstName}, ${person.lastName}, ${DIRECTORY_PASSWORD_HASH}, false, true,
                  ${uuidArray(wanted)}::uuid[], ${at}, ${at})
          returning id`,
    );
    await tx.execute(
      sql`insert into directory_accounts (user_id, external_id, dn, user_type, last_seen_at, role_ids)
          values (${created!.id}, ${person.externalId}, ${person.dn}, ${person.type}, ${at}, ${uuidArray(wanted)}::uuid[])`,
    );
    const changes = wanted.length ? { roleIds: { before: [], after: wanted } } : undefined;
    await writeAudit(tx, { actor, activity: 'Created from the directory', resource: 'users', recordId: created!.id, ...(changes ? { changes } : {}) }, now);
    return { outcome: 'created', userId: created!.id };
  }
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  const compare = (field: string, from: unknown, to: unknown) => {
    if (from !== to) changes[field] = { before: from, after: to };
  };
  compare('email', linked.email, person.email);
  compare('firstName', linked.first_name, person.firstName);
  compare('lastName', linked.last_name, person.lastName);
  compare('type', linked.user_type, person.type);
  const back = linked.removed_at !== null;
  if (back) compare('isActive', linked.is_active, true);
  const roles = withDirectoryRoles(linked.role_ids, linked.granted_role_ids, wanted);
  if (!sameSet(roles.roleIds, linked.role_ids)) changes.roleIds = { before: linked.role_ids, after: roles.roleIds };
  await tx.execute(
    sql`update directory_accounts set dn = ${person.dn}, user_type = ${person.type}, last_seen_at = ${at}, removed_at = null,
        role_ids = ${uuidArray(roles.directory)}::uuid[]
        where user_id = ${linked.user_id}`,
  );
  if (!Object.keys(changes).length) return { outcome: 'unchanged', userId: linked.user_id };
  await tx.execute(
    sql`update users set email = ${person.email}, first_name = ${person.firstName}, last_name = ${person.lastName},
        role_ids = ${uuidArray(roles.roleIds)}::uuid[], updated_at = ${at} ${back ? sql`, is_active = true` : sql``}
        where id = ${linked.user_id}`,
  );
  await writeAudit(tx, { actor, activity: 'Updated from the directory', resource: 'users', recordId: linked.user_id, changes }, now);
  return { outcome: 'updated', userId: linked.user_id };
}

/**
 * Deactivates the directory's accounts whose entries the sync did not find (never deletes them: their history,
 * roles and audit trail stay), ends their sessions and audits each. Answers how many it deactivated.
 */
export async function deactivateMissing(tx: Db, seen: readonly string[], now: Date): Promise<number> {
  const at = now.toISOString();
  const gone = await rows<{ user_id: string }>(
    tx,
    sql`update directory_accounts set removed_at = ${at}
        where removed_at is null and not (external_id = any(${`{${seen.map((id) => `"${id.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]))
        returning user_id`,
  );
  for (const { user_id } of gone) {
    await tx.execute(sql`update users set is_active = false, updated_at = ${at} where id = ${user_id}`);
    await revokeUserSessions(tx, user_id, now);
    await writeAudit(
      tx,
      { actor: DIRECTORY_ACTOR, activity: 'Deactivated: gone from the directory', resource: 'users', recordId: user_id, changes: { isActive: { before: true, after: false } } },
      now,
    );
  }
  return gone.length;
}

/** The account the directory owns under this email, if any. */
export async function linkedAccount(db: Db, email: string): Promise<{ userId: string; dn: string } | undefined> {
  const [found] = await rows<{ user_id: string; dn: string }>(
    db,
    sql`select d.user_id, d.dn from directory_accounts d join users u on u.id = d.user_id where lower(u.email) = lower(${email})`,
  );
  return found ? { userId: found.user_id, dn: found.dn } : undefined;
}
