import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DeviceInputSchema } from '@campus/api-contract';
import { readCoordinates } from '@campus/domain-hr';
import { rows, type Db } from '../../../platform/db/client.js';
import { writeAudit } from '../../../platform/audit/audit.js';
import { HttpError } from '../../../platform/http/errors.js';
import { newDeviceKey } from '../device-keys.js';
import { DEVICE_COLUMNS, deviceOf, type DeviceDbRow } from '../rows.js';
import { actorOf, type FrsState } from '../state.js';

/** Coordinates in range, normalised to `'latitude, longitude'`. */
export function checkedCoordinates(text: string): string {
  const result = readCoordinates(text);
  if (!result.ok) throw new HttpError(400, result.message, { coordinates: [result.message] });
  return `${result.value.latitude}, ${result.value.longitude}`;
}

/** Registers a device; its key is in this answer only (the database keeps its SHA-256). */
export async function createDevice(state: FrsState, request: FastifyRequest, body: z.output<typeof DeviceInputSchema>) {
  const actor = actorOf(request);
  const now = state.ctx.config.now();
  const coordinates = checkedCoordinates(body.coordinates);
  const key = newDeviceKey();
  const device = await state.ctx.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [row] = await rows<DeviceDbRow>(
      tx,
      sql`insert into frs_devices (name, campus, building, coordinates, geofence_radius, require_liveness, is_active, key_hash, key_prefix, modified_by_id, created_at, updated_at)
          values (${body.name}, ${body.campus}, ${body.building}, ${coordinates}, ${body.geofenceRadius}, ${body.requireLiveness}, ${body.isActive},
                  ${key.hash}, ${key.prefix}, ${actor.id}, ${now.toISOString()}, ${now.toISOString()})
          returning ${sql.raw(DEVICE_COLUMNS)}`,
    );
    const created = deviceOf(row!);
    const { name, campus, building, coordinates: place, geofenceRadius, requireLiveness, isActive } = created;
    const fields = { name, campus, building, coordinates: place, geofenceRadius, requireLiveness, isActive };
    await writeAudit(
      tx,
      { actor, activity: 'Registered a face-recognition device', resource: 'devices', recordId: created._id, changes: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { before: null, after: v }])) },
      now,
    );
    return created;
  });
  return { status: 201 as const, body: { data: { device, apiKey: key.key } } };
}
