import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { JOB_TYPE_LABELS } from '@campus/domain-batch';
import type { AnyEntity } from '@campus/domain-core';
import { rows, type Db } from '../../../platform/db/client.js';
import { resourceUserOf, storedUserRefusal, type StoredResourceUser } from '../../../resources/access.js';
import { snake } from '../../../platform/db/table-for.js';
import { HttpError } from '../../../platform/http/errors.js';
import { updateRecord, updateStateMany, type ActorContext, type CrudDeps } from '../../../resources/crud.js';
import type { EntityModel } from '../../../resources/model.js';
import { defineJobType } from '../../../platform/jobs/types.js';

/**
 * Records per job: each job's records change in one transaction, so a restart redoes at most one chunk. Small
 * enough that on the embedded database (one connection) a chunk holds it only briefly and requests keep flowing.
 */
export const BULK_CHUNK_SIZE = 200;

export const BulkChunkSchema = z.object({
  resource: z.string(),
  set: z.record(z.string(), z.union([z.boolean(), z.string()])),
  ids: z.array(z.string().uuid()).max(BULK_CHUNK_SIZE),
  actorId: z.string().uuid(),
});

export interface ResourceAccess {
  readonly byResource: (resource: string) => AnyEntity | undefined;
  readonly model: (resource: string) => EntityModel | undefined;
  /** Every resource's model (housekeeping's reorder of large tables). */
  readonly models: () => readonly EntityModel[];
  readonly deps: (resource: string, db: Db) => CrudDeps;
}

/** The acting user as the generic update needs them, read when the job runs (scopes may have changed). */
export function actorOf(user: StoredResourceUser, userId: string, now: Date): ActorContext {
  return { id: userId, email: user.email, ip: null, adminScopes: user.adminScopes, iamAdmin: user.iamAdmin, now };
}

/**
 * Sets `isActive` or `status` on a chunk of records with the same checks and audit rows as a single `PUT`. A
 * resource without update hooks changes set-based (one read, one UPDATE, one audit INSERT per chunk); one with
 * hooks goes through the generic update record by record, so its hooks run for each. Either way a refused record
 * is logged and counted as failed without undoing the others.
 */
export function bulkStateChangeJob(access: ResourceAccess) {
  return defineJobType({
    name: 'bulk-state-change',
    title: JOB_TYPE_LABELS['bulk-state-change']!,
    params: BulkChunkSchema,
    concurrency: 2,
    retryLimit: 3,
    retryDelaySeconds: 5,
    timeoutSeconds: 600,
    handler: async (job) => {
      const { resource, set, ids, actorId } = job.params;
      const entity = access.byResource(resource);
      const model = access.model(resource);
      if (!entity || !model) throw new Error(`Unknown resource ${resource}.`);
      const stateKey = entity.state.kind;
      const target = set[stateKey];
      if (target === undefined) throw new Error(`${resource} changes state through ${stateKey}.`);
      const user = await resourceUserOf(job.db, actorId);
      // Checked again in each job, as a single change would be: a role taken away while the batch runs stops it.
      const refusal = storedUserRefusal(user, entity);
      if (refusal) {
        await job.once(async (_tx, log) => {
          await log(`Refused: ${refusal.message} No record of this job was changed.`, 'error');
          return { done: 0, failed: ids.length };
        });
        return;
      }
      const actor = actorOf(user!, actorId, job.now());
      await job.once(async (tx, log) => {
        // Records already in the target state count as done and are not written (nor audited) again.
        const pending = await rows<{ id: string }>(
          tx,
          sql`select id from ${sql.identifier(model.tableName)} where id = any(${`{${ids.join(',')}}`}::uuid[])
                and ${sql.identifier(snake(stateKey))} is distinct from ${target}`,
        );
        const deps = access.deps(resource, tx);
        let failed = 0;
        const refuse = async (id: string, message: string) => {
          failed += 1;
          await log(`${id}: ${message}`, 'warn');
        };
        if (!deps.hooks?.beforeUpdate && !deps.hooks?.afterUpdate) {
          const { refused } = await updateStateMany(deps, model, pending.map((p) => p.id), target, actor);
          for (const r of refused) await refuse(r.id, r.message);
        } else {
          for (const { id } of pending) {
            try {
              await updateRecord(deps, model, id, { [stateKey]: target }, actor);
            } catch (error) {
              if (!(error instanceof HttpError)) throw error;
              await refuse(id, error.message);
            }
          }
        }
        const unchanged = ids.length - pending.length;
        await log(
          `${pending.length - failed} changed, ${unchanged} already ${stateKey} = ${String(target)}, ${failed} refused.`,
        );
        return { done: ids.length - failed, failed };
      });
    },
  });
}
