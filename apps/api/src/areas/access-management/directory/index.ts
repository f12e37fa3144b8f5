import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_DIRECTORY_GROUPS,
  DEFAULT_DIRECTORY_MAPPING,
  type DirectoryConnection,
  type DirectoryGroups,
  type DirectoryMapping,
  type DirectoryTlsMode,
  type DirectoryView,
} from '@campus/api-contract';
import type { AppContext } from '../../../context.js';
import type { AreaContext, ShippedSchedule } from '../../../platform/area.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { RateLimiter } from '../../../platform/auth/rate-limit.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import { ssoSealer } from '../sso/keys.js';
import { deactivateMissing, directoryRoleIds, linkedAccount, upsertAccount } from './accounts.js';
import { allPeople, explain, findPerson, passwordMatches, sampleEntries, type DirectorySettings } from './ldap.js';

export const DIRECTORY_IAM_ADMIN_ONLY = 'Only an IAM administrator may read or change the directory connection.';
export const DIRECTORY_SYNC_JOB = 'directory-sync';
export const DIRECTORY_SCHEDULE_JOB = 'directory-sync-schedule';
export const DIRECTORY_SYNC_RUNNING = 'A directory sync is already running.';
export const DIRECTORY_NOT_ENABLED = 'Turn the directory connection on and save it first.';
/** Entries "Test connection" reads and shows. */
const SAMPLE_SIZE = 5;

/** Every hour: the directory's accounts are brought in line with it (administrators may change the schedule). */
export const DIRECTORY_SYNC_SCHEDULE: ShippedSchedule = {
  name: 'Directory sync',
  type: DIRECTORY_SCHEDULE_JOB,
  cron: '0 * * * *',
  timeZone: 'Asia/Manila',
  missedRunPolicy: 'skip',
};

interface ConnectionRow {
  enabled: boolean;
  url: string;
  tls: DirectoryTlsMode;
  ca_certificate: string | null;
  bind_dn: string;
  bind_password_sealed: string | null;
  base_dn: string;
  user_filter: string;
  mapping: DirectoryMapping | string;
  groups: DirectoryGroups | string;
  updated_at: string | Date;
}

const EMPTY_CONNECTION: DirectoryView['connection'] = {
  enabled: false,
  url: 'ldaps://',
  tls: 'ldaps',
  caCertificate: '',
  bindDn: '',
  baseDn: '',
  userFilter: '(objectClass=inetOrgPerson)',
  mapping: DEFAULT_DIRECTORY_MAPPING,
  groups: DEFAULT_DIRECTORY_GROUPS,
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

/** Directory federation (decision 0064): the connection, sign-in by bind, and the sync job. */
export function directoryArea(ctx: AppContext) {
  const { db, config } = ctx;
  const box = ssoSealer(config);
  // Binds are counted like sign-ins (the same limiter, its own windows): per account, and for the whole directory so
  // that a spray of guesses cannot lock the directory's own accounts out (Active Directory's lockout policy).
  const binds = new RateLimiter(db, 'directory-binds', config.authRateLimit.max, config.authRateLimit.windowMs, config.now);
  const ALL_BINDS = config.authRateLimit.max * 20;

  async function connectionRow(): Promise<ConnectionRow | undefined> {
    const [row] = await rows<ConnectionRow>(db, sql`select * from directory_connections where id = 1`);
    return row;
  }

  function settingsOf(row: ConnectionRow): DirectorySettings {
    return {
      url: row.url,
      tls: row.tls,
      caCertificate: row.ca_certificate ?? '',
      bindDn: row.bind_dn,
      bindPassword: row.bind_password_sealed ? box.openText(row.bind_password_sealed) : '',
      baseDn: row.base_dn,
      userFilter: row.user_filter,
      mapping: typeof row.mapping === 'string' ? (JSON.parse(row.mapping) as DirectoryMapping) : row.mapping,
      groups: typeof row.groups === 'string' ? (JSON.parse(row.groups) as DirectoryGroups) : row.groups,
    };
  }

  /** The saved connection opened, when it is on. */
  async function enabledSettings(): Promise<DirectorySettings | undefined> {
    const row = await connectionRow();
    return row?.enabled ? settingsOf(row) : undefined;
  }

  async function view(): Promise<DirectoryView> {
    const row = await connectionRow();
    const [accounts] = await rows<{ linked: number; removed: number }>(
      db,
      sql`select count(*)::int as linked, count(*) filter (where removed_at is not null)::int as removed from directory_accounts`,
    );
    const [sync] = await rows<{ id: string; state: string; summary: string; created_at: string | Date; finished_at: string | Date | null }>(
      db,
      sql`select id, state, summary, created_at, finished_at from batches where type = ${DIRECTORY_SYNC_JOB} order by created_at desc limit 1`,
    );
    const connection = row
      ? (({ bindPassword: _secret, ...rest }) => ({ ...rest, enabled: row.enabled }))(settingsOf({ ...row, bind_password_sealed: null }))
      : EMPTY_CONNECTION;
    return {
      configured: Boolean(row),
      connection,
      hasBindPassword: Boolean(row?.bind_password_sealed),
      updatedAt: row ? iso(row.updated_at) : null,
      accounts: { linked: accounts?.linked ?? 0, removed: accounts?.removed ?? 0 },
      lastSync: sync
        ? { batchId: sync.id, state: sync.state, summary: sync.summary, createdAt: iso(sync.created_at)!, finishedAt: iso(sync.finished_at) }
        : null,
    };
  }

  function requireIamAdmin(request: FastifyRequest, area: AreaContext) {
    const auth = area.authOf(request);
    if (!auth.user.iamAdmin) throw new HttpError(403, DIRECTORY_IAM_ADMIN_ONLY);
    return auth;
  }

  /** The connection as typed, the saved password standing in for an empty one. */
  async function typed(body: DirectoryConnection): Promise<DirectorySettings> {
    const row = await connectionRow();
    const bindPassword = body.bindPassword || (row?.bind_password_sealed ? box.openText(row.bind_password_sealed) : '');
    return { ...body, bindPassword };
  }

  /** Refuses a group mapping that names a role that is not here (400, on the rule's roles). */
  async function requireRoles(groups: DirectoryGroups) {
    const ids = [...new Set(groups.rules.flatMap((r) => r.roleIds))];
    if (!ids.length) return;
    const known = new Set(
      (await rows<{ id: string }>(db, sql`select id::text as id from roles where id = any(${`{${ids.join(',')}}`}::uuid[])`)).map((r) => r.id),
    );
    const fieldErrors: Record<string, string[]> = {};
    groups.rules.forEach((rule, i) => {
      if (rule.roleIds.some((id) => !known.has(id))) fieldErrors[`groups.rules.${i}.roleIds`] = ['A chosen role does not exist (any more).'];
    });
    if (Object.keys(fieldErrors).length) throw new HttpError(400, 'A chosen role does not exist (any more).', fieldErrors);
  }

  /** The names of the roles the group mapping grants, by id ("Registrar (CAMPUS)"). */
  async function roleNames(groups: DirectoryGroups): Promise<Map<string, string>> {
    const ids = [...new Set(groups.rules.flatMap((r) => r.roleIds))];
    if (!ids.length) return new Map();
    const found = await rows<{ id: string; name: string; application_code: string }>(
      db,
      sql`select id::text as id, name, application_code from roles where id = any(${`{${ids.join(',')}}`}::uuid[])`,
    );
    return new Map(found.map((r) => [r.id, `${r.name} (${r.application_code})`]));
  }

  /** Queues a sync as a batch of one job, unless one is queued or running. */
  async function startSync(requestedById: string | null): Promise<string | null> {
    const [running] = await rows<{ id: string }>(
      db,
      sql`select id from batches where type = ${DIRECTORY_SYNC_JOB} and state in ('queued', 'running') limit 1`,
    );
    if (running) return null;
    return ctx.jobs.createBatch({
      type: DIRECTORY_SYNC_JOB,
      params: {},
      requestedById,
      total: 0,
      summary: 'Directory sync',
      jobs: [{ params: {}, units: 0 }],
    });
  }

  const handlers = (area: AreaContext) => ({
    async get(request: FastifyRequest) {
      requireIamAdmin(request, area);
      return { status: 200 as const, body: { data: await view() } };
    },

    /** Saves the connection; the password is sealed, and the audit names the fields changed without any password. */
    async save(body: DirectoryConnection, request: FastifyRequest) {
      requireIamAdmin(request, area);
      const actor = area.actorOf(request);
      const before = await view();
      const row = await connectionRow();
      const sealed = body.bindPassword ? box.sealText(body.bindPassword) : (row?.bind_password_sealed ?? null);
      if (!sealed) throw new HttpError(400, 'Enter the bind password.', { bindPassword: ['Enter the bind password.'] });
      await requireRoles(body.groups);
      const at = actor.now.toISOString();
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await tx.execute(
          sql`insert into directory_connections (id, enabled, url, tls, ca_certificate, bind_dn, bind_password_sealed, base_dn, user_filter, mapping, groups, updated_at, updated_by)
              values (1, ${body.enabled}, ${body.url}, ${body.tls}, ${body.caCertificate || null}, ${body.bindDn}, ${sealed}, ${body.baseDn},
                      ${body.userFilter}, ${JSON.stringify(body.mapping)}::jsonb, ${JSON.stringify(body.groups)}::jsonb, ${at}, ${actor.id})
              on conflict (id) do update set enabled = excluded.enabled, url = excluded.url, tls = excluded.tls,
                ca_certificate = excluded.ca_certificate, bind_dn = excluded.bind_dn, bind_password_sealed = excluded.bind_password_sealed,
                base_dn = excluded.base_dn, user_filter = excluded.user_filter, mapping = excluded.mapping, groups = excluded.groups,
                updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        );
        const { bindPassword, ...after } = body;
        const changes: Record<string, { before: unknown; after: unknown }> = {};
        for (const [key, value] of Object.entries(after)) {
          const was = (before.connection as Record<string, unknown>)[key];
          if (JSON.stringify(was) !== JSON.stringify(value)) changes[key] = { before: before.configured ? was : null, after: value };
        }
        if (bindPassword) changes.bindPassword = { before: "(hidden)", after: "(changed)" };
        await writeAudit(tx, { actor, activity: 'Changed the directory connection', resource: 'settings', changes }, actor.now);
      });
      return { status: 200 as const, body: { data: await view() } };
    },

    /** Binds with the connection as typed and reads a few entries; a failure is an answer, in plain words. */
    async test(body: DirectoryConnection, request: FastifyRequest) {
      requireIamAdmin(request, area);
      const settings = await typed(body);
      await requireRoles(settings.groups);
      try {
        const { entries, people } = await sampleEntries(settings, SAMPLE_SIZE);
        const names = await roleNames(settings.groups);
        const message = entries
          ? `Connected and bound as ${settings.bindDn}. The user filter matches ${entries === SAMPLE_SIZE ? `at least ${entries}` : entries} ${entries === 1 ? 'entry' : 'entries'}.`
          : `Connected and bound as ${settings.bindDn}, but the user filter matches no entry under ${settings.baseDn}.`;
        const sample = people.map((p) => ({
          email: p.email,
          firstName: p.firstName,
          lastName: p.lastName,
          type: p.type ?? '',
          roles: directoryRoleIds(p, settings.groups).flatMap((id) => names.get(id) ?? []),
        }));
        return { status: 200 as const, body: { data: { ok: true, message, entries, sample } } };
      } catch (error) {
        return { status: 200 as const, body: { data: { ok: false, message: explain(error, settings), entries: 0, sample: [] } } };
      }
    },

    async sync(request: FastifyRequest) {
      requireIamAdmin(request, area);
      if (!(await enabledSettings())) throw new HttpError(400, DIRECTORY_NOT_ENABLED);
      const batchId = await startSync(area.actorOf(request).id);
      if (!batchId) throw new HttpError(409, DIRECTORY_SYNC_RUNNING);
      return { status: 202 as const, body: { data: { batchId, message: 'A directory sync has started.' } } };
    },
  });

  /**
   * The sign-in step: for an email the directory knows, the password is checked by binding as its entry, and the
   * account is created or updated from the entry. Answers undefined for an email that is not the directory's (a
   * local account signs in with its own password), including when the directory cannot be reached; an account the
   * directory owns is refused then, since only the directory knows its password.
   */
  async function checkPassword(credentials: { readonly email: string; readonly password: string }, request: FastifyRequest) {
    const settings = await enabledSettings();
    if (!settings) return undefined;
    const email = credentials.email.trim().toLowerCase();
    const linked = await linkedAccount(db, email);
    const refused = { matches: false } as const;
    let person;
    try {
      person = await findPerson(settings, email);
    } catch (error) {
      request.log.warn({ reason: explain(error, settings) }, 'directory unreachable at sign-in');
      return linked ? refused : undefined;
    }
    if (!person) return linked ? refused : undefined;
    if (!linked) {
      // An account here with this email that the directory did not create stays local.
      const [local] = await rows<{ id: string }>(db, sql`select id from users where lower(email) = lower(${email})`);
      if (local) return undefined;
    }
    if (!(await binds.take(`account:${person.externalId}`)) || !(await binds.take('directory', ALL_BINDS))) return refused;
    let matches: boolean;
    try {
      matches = await passwordMatches(settings, person.dn, credentials.password);
    } catch (error) {
      request.log.warn({ reason: explain(error, settings) }, 'directory bind failed at sign-in');
      return refused;
    }
    if (!matches) return refused;
    const now = config.now();
    const actor = { id: linked?.userId ?? null, email, ip: request.ip };
    const roles = directoryRoleIds(person, settings.groups);
    const { outcome } = await db.transaction((tx) => upsertAccount(tx as unknown as Db, person, now, roles, actor));
    return outcome === 'kept-local' ? refused : { matches: true };
  }

  const syncJob = defineJobType({
    name: DIRECTORY_SYNC_JOB,
    title: 'Directory sync',
    params: z.object({}).passthrough(),
    concurrency: 1,
    retryLimit: 2,
    retryDelaySeconds: 30,
    timeoutSeconds: 900,
    handler: async (job) => {
      const settings = await enabledSettings();
      if (!settings) {
        await job.log('The directory connection is off: nothing to sync.', 'warn');
        await job.once(async () => ({ done: 0, failed: 0 }));
        return;
      }
      let found;
      try {
        found = await allPeople(settings);
      } catch (error) {
        throw new Error(explain(error, settings));
      }
      const { people, skipped, missingGroups } = found;
      await job.log(`The directory has ${people.length} ${people.length === 1 ? 'entry' : 'entries'} under the user filter.`);
      for (const dn of missingGroups.slice(0, 20)) await job.log(`The mapped group ${dn} is not in the directory (under the group base, matching the group filter): it grants no role.`, 'warn');
      for (const dn of skipped.slice(0, 20)) await job.log(`Skipped ${dn}: it lacks the id or the email attribute.`, 'warn');
      await job.once(async (tx, log) => {
        const [{ linked } = { linked: 0 }] = await rows<{ linked: number }>(tx, sql`select count(*)::int as linked from directory_accounts where removed_at is null`);
        // An empty answer is far likelier a wrong filter or base than everyone gone: nobody is deactivated on it.
        if (!people.length && linked > 0) {
          await log(`The directory answered no entries while ${linked} accounts are linked: nothing was deactivated. Check the base DN and the user filter.`, 'error');
          return { done: 0, failed: linked };
        }
        const counts = { created: 0, updated: 0, unchanged: 0, 'kept-local': 0 };
        const now = job.now();
        for (const person of people) {
          const { outcome } = await upsertAccount(tx, person, now, directoryRoleIds(person, settings.groups));
          counts[outcome]++;
          if (outcome === 'kept-local') await log(`${person.email} is a local account here: left as it is.`, 'warn');
        }
        const deactivated = await deactivateMissing(tx, people.map((p) => p.externalId), now);
        await log(
          `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${deactivated} deactivated (gone from the directory), ${counts['kept-local'] + skipped.length} skipped.`,
        );
        // An entry left to a local account is done (it is logged); an entry that cannot be an account failed.
        return { done: people.length + deactivated, failed: skipped.length };
      });
    },
  });

  const scheduleJob = defineJobType({
    name: DIRECTORY_SCHEDULE_JOB,
    title: 'Scheduled directory sync',
    params: z.object({}).passthrough(),
    concurrency: 1,
    retryLimit: 0,
    timeoutSeconds: 60,
    handler: async (job) => {
      if (!(await enabledSettings())) return job.log('The directory connection is off: no sync started.');
      const batchId = await startSync(null);
      await job.log(batchId ? `Directory sync started (batch ${batchId}).` : DIRECTORY_SYNC_RUNNING);
    },
  });

  return { handlers, checkPassword, jobTypes: [syncJob, scheduleJob], startSync };
}
