import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { rows, type Db } from '../../../platform/db/client.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { HttpError } from '../../../platform/http/errors.js';
import { newDeviceKey } from '../device-keys.js';
import { DEVICE_COLUMNS, deviceOf, type DeviceDbRow } from '../rows.js';
import { actorOf, type FrsState } from '../state.js';
import { DEVICE_NOT_FOUND } from './update-device.js';

/** Gives a device a new key, answered once; the old key stops working at once. */
export async function rotateDeviceKey(state: FrsState, request: FastifyRequest, id: string) {
  const actor = actorOf(request);
  const now = state.ctx.config.now();
  const key = newDeviceKey();
  const device = await state.ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await rows<DeviceDbRow>(
      tx,
      sql`update frs_devices set key_hash = ${key.hash}, key_prefix = ${key.prefix}, modified_by_id = ${actor.id}, updated_at = ${now.toISOString()}
          where id = ${id} returning ${sql.raw(DEVICE_COLUMNS)}`,
    );
    if (!row) throw new HttpError(404, DEVICE_NOT_FOUND);
    await writeAudit(tx, { actor, activity: 'Replaced the key of a face-recognition device', resource: 'devices', recordId: id, changes: { keyPrefix: { before: null, after: key.prefix } } }, now);
    return deviceOf(row);
  });
  return { status: 200 as const, body: { data: { device, apiKey: key.key } } };
}
