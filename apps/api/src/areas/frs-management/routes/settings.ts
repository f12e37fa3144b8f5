import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FrsSettings } from '@campus/domain-frs';
import type { Db } from '../../../platform/db/client.js';
import { changesBetween, writeAudit } from '../../../platform/audit/audit.js';
import { actorOf, readSettings, type FrsState } from '../state.js';

/** The recognition settings in force. */
export async function getSettings(state: FrsState) {
  return { status: 200 as const, body: { data: await state.settings() } };
}

/** Changes some recognition settings; the rest keep their values. */
export async function updateSettings(state: FrsState, request: FastifyRequest, body: Partial<FrsSettings>) {
  const actor = actorOf(request);
  const now = state.ctx.config.now();
  const settings = await state.ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const before = await readSettings(tx);
    const after = { ...before, ...body };
    await tx.execute(
      sql`insert into frs_settings (id, settings, updated_at) values (1, ${JSON.stringify(after)}::jsonb, ${now.toISOString()})
          on conflict (id) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
    );
    await writeAudit(tx, { actor, activity: 'Changed the face-recognition settings', resource: 'frs-settings', recordId: '1', changes: changesBetween(before, after) }, now);
    return after;
  });
  return { status: 200 as const, body: { data: settings } };
}
