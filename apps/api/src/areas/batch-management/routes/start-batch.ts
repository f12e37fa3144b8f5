import { sql } from 'drizzle-orm';
import { listQuerySchemaFor, fieldErrorsOf } from '@campus/api-contract';
import { describeParams, type StartBatch } from '@campus/domain-batch';
import { rows } from '../../../platform/db/client.js';
import { resourceRefusal } from '../../../resources/access.js';
import { HttpError } from '../../../platform/http/errors.js';
import { selectionSql } from '../../../resources/list/index.js';
import { BULK_CHUNK_SIZE } from '../jobs/bulk-state-change.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';
import { batchFor } from './get-batch.js';

/**
 * Starts a bulk state change or a list export over a list's current search and filters. The caller needs what
 * listing or changing the resource one record at a time needs (its application and module, `resourceRefusal`);
 * bad parameters are refused with field errors before anything is queued. A bulk change fixes its records now (the ids matching at this moment, in list order) and splits
 * them into jobs of `BULK_CHUNK_SIZE`.
 */
export function startBatch(area: BatchContext) {
  return async ({ body, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    const input = body as StartBatch;
    const { resource, ...selection } = input.params;
    const entity = area.access.byResource(resource);
    const model = area.access.model(resource);
    if (!entity || !model) throw new HttpError(400, `Unknown resource ${resource}.`, { 'params.resource': [`Unknown resource ${resource}.`] });
    // Exactly what the same user may do one record at a time: list the resource (export) or change it (state).
    const refusal = resourceRefusal(viewer, entity);
    if (refusal) throw refusal;
    const parsed = listQuerySchemaFor(entity).safeParse({ search: selection.search, q: selection.q, sort: selection.sort });
    if (!parsed.success) {
      const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([k, v]) => [`params.${k}`, v]));
      throw new HttpError(400, Object.values(fieldErrors)[0]?.[0] ?? 'Check the search.', fieldErrors);
    }
    const { where, order } = selectionSql(model, parsed.data);
    const summary = describeParams(input.type, input.params);
    let batchId: string;
    if (input.type === 'bulk-state-change') {
      const stateKey = entity.state.kind;
      const value = (input.params.set as Record<string, unknown>)[stateKey];
      const allowed = entity.state.kind === 'status' ? entity.state.lifecycle.values.map((v) => String(v.value)) : undefined;
      if (value === undefined || (allowed && !allowed.includes(String(value)))) {
        const message = allowed ? `Set status to one of: ${allowed.join(', ')}.` : `Set isActive to true or false.`;
        throw new HttpError(400, message, { [`params.set.${stateKey}`]: [message] });
      }
      const ids = (await rows<{ id: string }>(area.app.db, sql`select t.id from ${model.table} t where ${where} order by ${order}`)).map((r) => r.id);
      const jobs = [];
      for (let i = 0; i < ids.length; i += BULK_CHUNK_SIZE) {
        const chunk = ids.slice(i, i + BULK_CHUNK_SIZE);
        jobs.push({ params: { resource, set: { [stateKey]: value }, ids: chunk, actorId: viewer.id }, units: chunk.length });
      }
      batchId = await area.engine.createBatch({ type: input.type, params: input.params, summary, requestedById: viewer.id, total: ids.length, jobs });
    } else {
      const [count] = await rows<{ n: number }>(area.app.db, sql`select count(*)::int as n from ${model.table} t where ${where}`);
      const total = count?.n ?? 0;
      batchId = await area.engine.createBatch({
        type: input.type,
        params: input.params,
        summary,
        requestedById: viewer.id,
        total,
        jobs: (id) => [{ params: { ...input.params, batchId: id }, units: total }],
      });
    }
    return { status: 202 as const, body: { data: await batchFor(area.app.db, viewer, batchId) } };
  };
}
