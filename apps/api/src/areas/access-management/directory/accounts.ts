import { sql } from 'drizzle-orm';
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

interface Linked {
  user_id: string;
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
export async function upsertAccount(tx: Db, person: DirectoryPerson, now: Date, actor: Actor = DIRECTORY_ACTOR): Promise<{ outcome: Outcome; userId: string | null }> {
  const at = now.toISOString();
  // An entry made again (a new id) for an account the directory had deactivated takes that account back.
  await tx.execute(
    sql`update directory_accounts d set external_id = ${person.externalId} from users u
        where u.id = d.user_id and lower(u.email) = lower(${person.email}) and d.removed_at is not null
          and not exists (select 1 from directory_accounts o where o.external_id = ${person.externalId})`,
  );
  const [linked] = await rows<Linked>(
    tx,
    sql`select d.user_id, u.email, u.first_name, u.last_name, u.is_active, d.user_type, d.dn, d.removed_at
        from directory_accounts d join users u on u.id = d.user_id where d.external_id = ${person.externalId} for update of d`,
  );
  const [clash] = await rows<{ id: string }>(
    tx,
    sql`select id from users where lower(email) = lower(${person.email}) ${linked ? sql`and id <> ${linked.user_id}` : sql``}`,
  );
  if (clash) return { outcome: 'kept-local', userId: linked?.user_id ?? null };
  if (!linked) {
    const [created] = await rows<{ id: string }>(
      tx,
      sql`insert into users (email, first_name, last_name, password_hash, must_change_password, is_active, created_at, updated_at)
          values (${person.email}, ${person.firstName}, ${person.lastName}, ${DIRECTORY_PASSWORD_HASH}, false, true, ${at}, ${at})
          returning id`,
    );
    await tx.execute(
      sql`insert into directory_accounts (user_id, external_id, dn, user_type, last_seen_at)
          values (${created!.id}, ${person.externalId}, ${person.dn}, ${person.type}, ${at})`,
    );
    await writeAudit(tx, { actor, activity: 'Created from the directory', resource: 'users', recordId: created!.id }, now);
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
  await tx.execute(
    sql`update directory_accounts set dn = ${person.dn}, user_type = ${person.type}, last_seen_at = ${at}, removed_at = null
        where user_id = ${linked.user_id}`,
  );
  if (!Object.keys(changes).length) return { outcome: 'unchanged', userId: linked.user_id };
  await tx.execute(
    sql`update users set email = ${person.email}, first_name = ${person.firstName}, last_name = ${person.lastName},
        updated_at = ${at} ${back ? sql`, is_active = true` : sql``} where id = ${linked.user_id}`,
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
