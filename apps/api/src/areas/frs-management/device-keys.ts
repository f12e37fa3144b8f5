import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { DEVICE_KEY_HEADER } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';

/** A device key: `frs.` + 32 random bytes (base64url). Only its SHA-256 is stored. */
export function newDeviceKey(): { key: string; hash: string; prefix: string } {
  const key = `frs.${randomBytes(32).toString('base64url')}`;
  return { key, hash: hashDeviceKey(key), prefix: key.slice(0, 10) };
}

export function hashDeviceKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface DeviceRow {
  readonly id: string;
  readonly name: string;
  readonly campus: string;
  readonly building: string;
  readonly coordinates: string;
  readonly geofence_radius: number;
  readonly require_liveness: boolean;
}

export const BAD_DEVICE_KEY = 'This device is not registered or not active.';

/**
 * The active device whose key the request carries, its last-seen time updated. A missing, unknown or
 * deactivated key is refused with 401 — the same answer for each, so a caller learns nothing about keys.
 */
export async function authenticateDevice(db: Db, request: FastifyRequest, now: Date): Promise<DeviceRow> {
  const header = request.headers[DEVICE_KEY_HEADER];
  const key = typeof header === 'string' ? header.trim() : '';
  if (!key || key.length > 200) throw new HttpError(401, BAD_DEVICE_KEY);
  const [device] = await rows<DeviceRow>(
    db,
    sql`update frs_devices set last_seen_at = ${now.toISOString()}
        where key_hash = ${hashDeviceKey(key)} and is_active
        returning id, name, campus, building, coordinates, geofence_radius, require_liveness`,
  );
  if (!device) throw new HttpError(401, BAD_DEVICE_KEY);
  return device;
}
