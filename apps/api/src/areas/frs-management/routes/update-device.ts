import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DeviceUpdateSchema } from '@campus/api-contract';
import { rows, type Db } from '../../../platform/db/client.js';
import { changesBetween, writeAudit } from '../../../platform/audit/audit.js';
import { HttpError } from '../../../platform/http/errors.js';
import { DEVICE_COLUMNS, deviceOf, type DeviceDbRow } from '../rows.js';
import { actorOf, type FrsState } from '../state.js';
import { checkedCoordinates } from './create-device.js';

export const DEVICE_NOT_FOUND = 'No device has this id.';

/** Changes a device's name, place, geofence, liveness requirement or active flag. */
export async function updateDevice(state: FrsState, request: FastifyRequest, id: string, body: z.output<typeof DeviceUpdateSchema>) {
  const actor = actorOf(request);
  const now = state.ctx.config.now();
  const coordinates = body.coordinates === undefined ? undefined : checkedCoordinates(body.coordinates);
  const device = await state.ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [before] = await rows<DeviceDbRow>(tx, sql`select ${sql.raw(DEVICE_COLUMNS)} from frs_devices where id = ${id} for update`);
    if (!before) throw new HttpError(404, DEVICE_NOT_FOUND);
    const [after] = await rows<DeviceDbRow>(
      tx,
      sql`update frs_devices set
            name = coalesce(${body.name ?? null}, name), campus = coalesce(${body.campus ?? null}, campus),
            building = coalesce(${body.building ?? null}, building), coordinates = coalesce(${coordinates ?? null}, coordinates),
            geofence_radius = coalesce(${body.geofenceRadius ?? null}::integer, geofence_radius),
            require_liveness = coalesce(${body.requireLiveness ?? null}::boolean, require_liveness),
            is_active = coalesce(${body.isActive ?? null}::boolean, is_active),
            modified_by_id = ${actor.id}, updated_at = ${now.toISOString()}
          where id = ${id} returning ${sql.raw(DEVICE_COLUMNS)}`,
    );
    const a = deviceOf(before);
    const b = deviceOf(after!);
    const strip = ({ updatedAt, lastSeenAt, ...rest }: typeof a) => (void updatedAt, void lastSeenAt, rest);
    await writeAudit(tx, { actor, activity: 'Changed a face-recognition device', resource: 'devices', recordId: id, changes: changesBetween(strip(a), strip(b)) }, now);
    return b;
  });
  return { status: 200 as const, body: { data: device } };
}
