import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import type { ResourceHooks } from '../../../resources/crud.js';

/** A role grants modules of its own application only. */
async function refuseForeignModules(tx: Db, applicationCode: unknown, moduleIds: unknown) {
  const ids = Array.isArray(moduleIds) ? moduleIds.map(String) : [];
  if (!ids.length) return;
  const foreign = await rows<{ name: string }>(
    tx,
    sql`select name from modules where id = any(${`{${ids.join(',')}}`}::uuid[])
          and application_code is distinct from ${String(applicationCode ?? '')}`,
  );
  if (foreign.length) {
    const message = `A role grants modules of its own application only: ${foreign.map((m) => m.name).join(', ')}.`;
    throw new HttpError(400, message, { moduleIds: [message] });
  }
}

export const roleHooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    await refuseForeignModules(tx, data.applicationCode, data.moduleIds);
    return {};
  },
  async beforeUpdate(tx, current, changes) {
    if (!('applicationCode' in changes) && !('moduleIds' in changes)) return;
    const merged = { ...current, ...changes };
    await refuseForeignModules(tx, merged.applicationCode, merged.moduleIds);
  },
};
