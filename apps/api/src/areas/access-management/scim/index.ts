import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SCIM_IAM_ADMIN_ONLY, type ScimDelivery, type ScimDeliveryQuery, type ScimOperation, type ScimTarget, type ScimTargetSettings } from '@campus/api-contract';
import type { AppContext } from '../../../context.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import type { AuthContext } from '../../../platform/auth/sessions.js';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { defineJobType } from '../../../platform/jobs/types.js';
import type { EntityRecord, ResourceHooks } from '../../../resources/crud.js';
import { ssoSealer } from '../sso/keys.js';
import { SCIM_GROUP_SCHEMA, SCIM_USER_SCHEMA, scimRequest, worthRetrying, type ScimAnswer } from './client.js';

export const SCIM_PUSH_JOB = 'scim-push';
export const SCIM_TOKEN_NEEDED = 'Enter the SCIM bearer token.';
/** Deliveries the application's page shows. */
const LOG_SIZE = 50;

interface TargetRow {
  application_id: string;
  enabled: boolean;
  base_url: string;
  token_sealed: string | null;
  updated_at: string | Date;
}
interface PushedRow {
  local_id: string;
  remote_id: string;
  pushed: Record<string, unknown> | string;
}

const iso = (v: string | Date) => new Date(v).toISOString();
const asTx = (tx: unknown) => tx as Db;
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);
/** JSON with its keys sorted: what was pushed comes back from jsonb in another key order. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`
      : JSON.stringify(value ?? null);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** Thrown to have the job engine try the push again later (with its backoff). */
class TryAgain extends Error {}

/** SCIM 2.0 provisioning out (decision 0065): settings, the push job, the delivery log and what queues pushes. */
export function scimArea(ctx: AppContext) {
  const { db, config } = ctx;
  const box = ssoSealer(config);

  async function requireApplication(tx: Db, id: string) {
    const [app] = await rows<{ id: string; name: string; code: string }>(tx, sql`select id, name, code from applications where id = ${id}`);
    if (!app) throw new HttpError(404, 'Application not found.');
    return app;
  }

  const targetRow = async (tx: Db, id: string) =>
    (await rows<TargetRow>(tx, sql`select * from scim_targets where application_id = ${id}`))[0];

  /** A page of the application's delivery log, newest first; a group is labelled by its role's name. */
  async function deliveriesOf(id: string, limit: number, offset = 0): Promise<ScimDelivery[]> {
    const found = await rows<{
      id: string; resource_type: 'User' | 'Group'; local_id: string; email: string | null; role_name: string | null; operation: ScimOperation;
      http_status: number | null; outcome: string; succeeded: boolean; attempt: number; at: string | Date;
    }>(
      db,
      sql`select d.*, r.name as role_name from scim_deliveries d left join roles r on d.resource_type = 'Group' and r.id = d.local_id
          where d.application_id = ${id} order by d.at desc, d.seq desc limit ${limit} offset ${offset}`,
    );
    return found.map(
      (d): ScimDelivery => ({
        id: d.id,
        resourceType: d.resource_type,
        localId: d.local_id,
        label: d.email ?? d.role_name ?? d.local_id,
        operation: d.operation,
        httpStatus: d.http_status,
        outcome: d.outcome,
        succeeded: d.succeeded,
        attempt: d.attempt,
        at: iso(d.at),
      }),
    );
  }

  async function view(id: string): Promise<ScimTarget> {
    const row = await targetRow(db, id);
    return {
      applicationId: id,
      configured: Boolean(row),
      enabled: row?.enabled ?? false,
      baseUrl: row?.base_url ?? '',
      hasToken: Boolean(row?.token_sealed),
      updatedAt: row ? iso(row.updated_at) : null,
      deliveries: await deliveriesOf(id, LOG_SIZE),
    };
  }

  /** SCIM provisioning is an IAM administrator's: others with the IAM scope are refused (the console hides it too). */
  function requireIamAdmin(auth: AuthContext) {
    if (!auth.user.iamAdmin) throw new HttpError(403, SCIM_IAM_ADMIN_ONLY);
  }

  async function get(auth: AuthContext, id: string) {
    requireIamAdmin(auth);
    await requireApplication(db, id);
    return { status: 200 as const, body: { data: await view(id) } };
  }

  async function deliveries(auth: AuthContext, id: string, query: ScimDeliveryQuery) {
    requireIamAdmin(auth);
    await requireApplication(db, id);
    const [counted] = await rows<{ count: number }>(db, sql`select count(*)::int as count from scim_deliveries where application_id = ${id}`);
    return { status: 200 as const, body: { rows: await deliveriesOf(id, query.limit, (query.page - 1) * query.limit), count: counted?.count ?? 0 } };
  }

  /** Saves the settings with the token sealed (audited as changed, never its value); turning it on pushes everything. */
  async function save(auth: AuthContext, id: string, body: ScimTargetSettings, request: FastifyRequest) {
    requireIamAdmin(auth);
    const now = config.now();
    await db.transaction(async (txRaw) => {
      const tx = asTx(txRaw);
      const app = await requireApplication(tx, id);
      const before = (await rows<TargetRow>(tx, sql`select * from scim_targets where application_id = ${id} for update`))[0];
      const sealed = body.token ? box.sealText(body.token) : (before?.token_sealed ?? null);
      if (!sealed && body.enabled) throw new HttpError(400, SCIM_TOKEN_NEEDED, { token: [SCIM_TOKEN_NEEDED] });
      await tx.execute(
        sql`insert into scim_targets (application_id, enabled, base_url, token_sealed, updated_at, updated_by)
            values (${id}, ${body.enabled}, ${body.baseUrl}, ${sealed}, ${now.toISOString()}, ${auth.user.id})
            on conflict (application_id) do update set enabled = excluded.enabled, base_url = excluded.base_url,
              token_sealed = excluded.token_sealed, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      );
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (before?.enabled !== body.enabled) changes.enabled = { before: before?.enabled ?? null, after: body.enabled };
      if (before?.base_url !== body.baseUrl) changes.baseUrl = { before: before?.base_url ?? null, after: body.baseUrl };
      if (body.token) changes.token = { before: before?.token_sealed ? '(hidden)' : null, after: '(changed)' };
      await writeAudit(
        tx,
        {
          actor: { id: auth.user.id, email: auth.user.email, ip: request.ip },
          activity: `${before ? 'Changed' : 'Set up'} the SCIM provisioning of ${app.name}`,
          resource: 'applications',
          recordId: id,
          changes,
        },
        now,
      );
      // Turned on, pointed elsewhere or given a new token: everything is pushed (queued with the save itself).
      if (body.enabled && (!before?.enabled || before.base_url !== body.baseUrl || Boolean(body.token))) {
        await ctx.jobs.enqueueAfterCommit(tx, SCIM_PUSH_JOB, { applicationId: id });
      }
    });
    return { status: 200 as const, body: { data: await view(id) } };
  }

  // ---- the push job -------------------------------------------------------------------------------------------

  interface Delivery {
    resourceType: 'User' | 'Group';
    localId: string;
    email: string | null;
    operation: ScimOperation;
    answer: ScimAnswer;
    outcome: string;
    attempt: number;
  }

  async function logDelivery(applicationId: string, d: Delivery, at: Date) {
    await db.execute(
      sql`insert into scim_deliveries (application_id, resource_type, local_id, email, operation, http_status, outcome, succeeded, attempt, at)
          values (${applicationId}, ${d.resourceType}, ${d.localId}, ${d.email}, ${d.operation}, ${d.answer.status},
                  ${d.answer.ok ? d.outcome : (d.answer.problem ?? d.outcome)}, ${d.answer.ok}, ${d.attempt}, ${at.toISOString()})`,
    );
  }

  async function remember(applicationId: string, type: 'User' | 'Group', localId: string, remoteId: string, pushed: unknown, at: Date) {
    await db.execute(
      sql`insert into scim_resources (application_id, resource_type, local_id, remote_id, pushed, pushed_at)
          values (${applicationId}, ${type}, ${localId}, ${remoteId}, ${JSON.stringify(pushed)}::jsonb, ${at.toISOString()})
          on conflict (application_id, resource_type, local_id) do update set remote_id = excluded.remote_id, pushed = excluded.pushed,
            pushed_at = excluded.pushed_at`,
    );
  }

  const pushJob = defineJobType({
    name: SCIM_PUSH_JOB,
    title: 'SCIM provisioning',
    params: z.object({ applicationId: z.string().uuid() }),
    // One push at a time, so that two pushes never both create the same user there.
    concurrency: 1,
    retryLimit: 8,
    retryDelaySeconds: 5,
    timeoutSeconds: 600,
    handler: async (job) => {
      const { applicationId } = job.params;
      const [target] = await rows<TargetRow & { code: string }>(
        db,
        sql`select t.*, a.code from scim_targets t join applications a on a.id = t.application_id where t.application_id = ${applicationId}`,
      );
      if (!target?.enabled || !target.token_sealed) return job.log('SCIM provisioning is off for this application: nothing pushed.');
      const token = box.openText(target.token_sealed);
      const send = (method: string, path: string, body?: unknown) => scimRequest(target.base_url, token, method, path, body);
      const pushedOf = async (type: 'User' | 'Group') =>
        new Map(
          (await rows<PushedRow>(db, sql`select local_id, remote_id, pushed from scim_resources where application_id = ${applicationId} and resource_type = ${type}`)).map(
            (r) => [r.local_id, { remoteId: r.remote_id, pushed: typeof r.pushed === 'string' ? (JSON.parse(r.pushed) as Record<string, unknown>) : r.pushed }],
          ),
        );
      let retry = false;
      let failed = 0;
      let done = 0;
      const record = async (d: Omit<Delivery, 'attempt'>) => {
        await logDelivery(applicationId, { ...d, attempt: job.attempt }, job.now());
        if (d.answer.ok) done++;
        else {
          failed++;
          if (worthRetrying(d.answer)) retry = true;
          await job.log(`${d.resourceType} ${d.email ?? d.localId}: ${d.answer.problem}`, 'warn');
        }
      };

      // Users: those holding an active role of the application, and those pushed before (now deactivated there).
      const users = await rows<{ id: string; email: string; first_name: string; last_name: string; is_active: boolean; member: boolean }>(
        db,
        sql`select u.id, u.email, u.first_name, u.last_name, u.is_active,
                   exists (select 1 from roles r where r.id = any(u.role_ids) and r.is_active and r.application_code = ${target.code}) as member
              from users u
             where exists (select 1 from roles r where r.id = any(u.role_ids) and r.is_active and r.application_code = ${target.code})
                or exists (select 1 from scim_resources s where s.application_id = ${applicationId} and s.resource_type = 'User' and s.local_id = u.id)
             order by u.email`,
      );
      const pushedUsers = await pushedOf('User');
      for (const user of users) {
        const active = user.is_active && user.member;
        const resource = {
          schemas: [SCIM_USER_SCHEMA],
          userName: user.email,
          externalId: user.id,
          name: { givenName: user.first_name, familyName: user.last_name, formatted: `${user.first_name} ${user.last_name}` },
          displayName: `${user.first_name} ${user.last_name}`,
          emails: [{ value: user.email, type: 'work', primary: true }],
          active,
        };
        const known = pushedUsers.get(user.id);
        const common = { resourceType: 'User' as const, localId: user.id, email: user.email };
        if (!known) {
          if (!active) continue;
          let answer = await send('POST', '/Users', resource);
          let remoteId = answer.ok && typeof answer.body?.id === 'string' ? answer.body.id : null;
          if (answer.status === 409) {
            // Already there (made by hand or by an earlier push whose answer was lost): found by userName, then replaced.
            await record({ ...common, operation: 'create', answer, outcome: '' });
            const found = await send('GET', `/Users?filter=${encodeURIComponent(`userName eq "${user.email.replace(/"/g, '\\"')}"`)}`);
            const first = Array.isArray(found.body?.Resources) ? (found.body.Resources as { id?: unknown }[])[0] : undefined;
            if (!found.ok || typeof first?.id !== 'string') {
              await record({ ...common, operation: 'update', answer: found.ok ? { ...found, ok: false, problem: 'The application has the user but did not find it by userName.' } : found, outcome: '' });
              continue;
            }
            answer = await send('PUT', `/Users/${encodeURIComponent(first.id)}`, { ...resource, id: first.id });
            remoteId = answer.ok ? first.id : null;
            await record({ ...common, operation: 'update', answer, outcome: 'Updated (it was already there).' });
          } else {
            if (answer.ok && !remoteId) answer = { ...answer, ok: false, problem: 'The application created the user but answered no id.' };
            await record({ ...common, operation: 'create', answer, outcome: `Created (id ${remoteId}).` });
          }
          if (remoteId) await remember(applicationId, 'User', user.id, remoteId, resource, job.now());
          continue;
        }
        if (same(known.pushed, resource)) continue;
        const deactivating = !active && known.pushed.active !== false;
        // Deactivation is a PATCH of active only (RFC 7644 §3.5.2), never a DELETE; other changes replace the user.
        const answer = deactivating
          ? await send('PATCH', `/Users/${encodeURIComponent(known.remoteId)}`, {
              schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
              Operations: [{ op: 'replace', path: 'active', value: false }],
            })
          : await send('PUT', `/Users/${encodeURIComponent(known.remoteId)}`, { ...resource, id: known.remoteId });
        await record({ ...common, operation: deactivating ? 'deactivate' : 'update', answer, outcome: deactivating ? 'Deactivated.' : 'Updated.' });
        if (answer.ok) await remember(applicationId, 'User', user.id, known.remoteId, resource, job.now());
      }

      // Groups: each role of the application with its members (the users pushed there, active and holding the role).
      const pushedNow = await pushedOf('User');
      const roles = await rows<{ id: string; name: string; is_active: boolean; members: string[] | string }>(
        db,
        sql`select r.id, r.name, r.is_active,
                   coalesce(array(select u.id::text from users u where r.id = any(u.role_ids) and u.is_active order by u.id), '{}') as members
              from roles r where r.application_code = ${target.code} order by r.name`,
      );
      const pushedGroups = await pushedOf('Group');
      for (const role of roles) {
        const memberIds = typeof role.members === 'string' ? role.members.replace(/[{}]/g, '').split(',').filter(Boolean) : role.members;
        const members = role.is_active
          ? memberIds.flatMap((id) => {
              const pushed = pushedNow.get(id);
              return pushed && pushed.pushed.active !== false ? [{ value: pushed.remoteId }] : [];
            }).sort((a, b) => a.value.localeCompare(b.value))
          : [];
        const resource = { schemas: [SCIM_GROUP_SCHEMA], displayName: role.name, externalId: role.id, members };
        const known = pushedGroups.get(role.id);
        const common = { resourceType: 'Group' as const, localId: role.id, email: null };
        if (!known) {
          if (!role.is_active) continue;
          let answer = await send('POST', '/Groups', resource);
          const remoteId = answer.ok && typeof answer.body?.id === 'string' ? answer.body.id : null;
          if (answer.ok && !remoteId) answer = { ...answer, ok: false, problem: 'The application created the group but answered no id.' };
          await record({ ...common, operation: 'create', answer, outcome: `Created with ${members.length} ${members.length === 1 ? 'member' : 'members'}.` });
          if (remoteId) await remember(applicationId, 'Group', role.id, remoteId, resource, job.now());
          continue;
        }
        if (same(known.pushed, resource)) continue;
        const answer = await send('PUT', `/Groups/${encodeURIComponent(known.remoteId)}`, { ...resource, id: known.remoteId });
        await record({ ...common, operation: 'update', answer, outcome: `Updated: ${members.length} ${members.length === 1 ? 'member' : 'members'}.` });
        if (answer.ok) await remember(applicationId, 'Group', role.id, known.remoteId, resource, job.now());
      }

      await job.progress(done, failed);
      await job.log(`${done} pushed, ${failed} failed.`, failed ? 'warn' : 'info');
      if (retry) throw new TryAgain(`${failed} SCIM ${failed === 1 ? 'request' : 'requests'} failed; the push is tried again.`);
      // A refusal (a wrong token, a request the application will not take) is not asked again: the log says what to fix.
      if (failed) await job.log('The application refused requests that asking again will not change: see the delivery log.', 'error');
    },
  });

  // ---- what queues a push -------------------------------------------------------------------------------------

  /**
   * Queues a push for each application with provisioning on, as part of the change: the job is recorded in the
   * change's transaction and handed to the job engine once it commits (a rolled-back change queues nothing; a crash
   * in between is mended by the engine's reconciliation).
   */
  async function queueWithChange(tx: Db, applicationIds: readonly string[]) {
    if (!applicationIds.length) return;
    const targets = await rows<{ application_id: string }>(
      tx,
      sql`select application_id from scim_targets where enabled and application_id = any(${`{${applicationIds.join(',')}}`}::uuid[])`,
    );
    for (const t of targets) await ctx.jobs.enqueueAfterCommit(tx, SCIM_PUSH_JOB, { applicationId: t.application_id });
  }

  const applicationsOfRoles = async (tx: Db, roleIds: readonly string[]) =>
    roleIds.length
      ? (
          await rows<{ id: string }>(
            tx,
            sql`select distinct a.id from roles r join applications a on a.code = r.application_code where r.id = any(${`{${roleIds.join(',')}}`}::uuid[])`,
          )
        ).map((a) => a.id)
      : [];

  const USER_FIELDS = ['email', 'firstName', 'lastName', 'isActive', 'roleIds'] as const;
  const ROLE_FIELDS = ['name', 'isActive', 'applicationCode'] as const;

  /** Adds to a resource's hooks: users and roles changed in ways an application's SCIM copy shows queue a push. */
  function withPush(kind: 'users' | 'roles', hooks: ResourceHooks): ResourceHooks {
    const affected = async (tx: Db, before: EntityRecord | null, after: EntityRecord) => {
      if (kind === 'users') {
        if (before && !USER_FIELDS.some((f) => !same(before[f], after[f]))) return [];
        return applicationsOfRoles(tx, [...new Set([...asList(before?.roleIds), ...asList(after.roleIds)])]);
      }
      if (before && !ROLE_FIELDS.some((f) => !same(before[f], after[f]))) return [];
      const codes = [...new Set([before?.applicationCode, after.applicationCode].filter((c): c is string => typeof c === 'string'))];
      return (await rows<{ id: string }>(tx, sql`select id from applications where code = any(${`{${codes.join(',')}}`}::text[])`)).map((a) => a.id);
    };
    return {
      ...hooks,
      async afterCreate(tx, record, actor) {
        await hooks.afterCreate?.(tx, record, actor);
        await queueWithChange(tx, await affected(tx, null, record));
      },
      async afterUpdate(tx, before, after, actor) {
        await hooks.afterUpdate?.(tx, before, after, actor);
        await queueWithChange(tx, await affected(tx, before, after));
      },
    };
  }

  return { handlers: { get, save, deliveries }, jobTypes: [pushJob], withPush };
}
