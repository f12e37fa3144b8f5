import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { hashToken } from '../../../platform/auth/tokens.js';
import type { Db } from '../../../platform/db/client.js';

/** A browser that passed the second factor with "remember this device" skips it for at most this long. */
export const REMEMBER_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;

/** Remembers the browser that just passed the second factor (by code or by passkey): the token for its cookie. */
export async function rememberDevice(tx: Db, userId: string, now: Date): Promise<string> {
  const token = `msc.device.${randomBytes(32).toString('base64url')}`;
  await tx.execute(
    sql`insert into remembered_devices (user_id, token_hash, created_at, expires_at)
        values (${userId}, ${hashToken(token)}, ${now.toISOString()}, ${new Date(now.getTime() + REMEMBER_DEVICE_MS).toISOString()})`,
  );
  return token;
}
