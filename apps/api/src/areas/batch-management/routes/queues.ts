import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.js';
import { viewerOf, type BatchContext, type HandlerInput } from '../context.js';

async function queues(area: BatchContext) {
  const paused = new Set((await rows<{ queue: string }>(area.app.db, sql`select queue from queue_pauses`)).map((r) => r.queue));
  const counts = await rows<{ queue: string; state: string; n: number }>(
    area.app.db,
    sql`select queue, state, count(*)::int as n from job_runs group by queue, state`,
  );
  return [...area.engine.types.keys()].sort().map((name) => ({
    name,
    isPaused: paused.has(name),
    counts: Object.fromEntries(counts.filter((c) => c.queue === name).map((c) => [c.state, c.n])),
  }));
}

/** The queues (one per job type) with their pause flag and job counts. */
export function listQueues(area: BatchContext) {
  return async () => {
    const all = await queues(area);
    return { status: 200 as const, body: { rows: all, count: all.length } };
  };
}

/** Pauses or resumes a queue (its workers take no new job while paused). */
export function setQueuePaused(area: BatchContext, paused: boolean) {
  return async ({ params, request }: HandlerInput) => {
    const viewer = viewerOf(request);
    if (paused) await area.engine.pause(params.name!, viewer.id);
    else await area.engine.resume(params.name!);
    const queue = (await queues(area)).find((q) => q.name === params.name)!;
    return { status: 200 as const, body: { data: queue } };
  };
}
