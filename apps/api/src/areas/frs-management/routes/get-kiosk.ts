import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CHALLENGE_PROMPTS, CHALLENGE_SECONDS, LIVENESS_CHALLENGES } from '@campus/domain-frs';
import { rows } from '../../../platform/db/client.js';
import { authenticateDevice } from '../device-keys.js';
import type { FrsState } from '../state.js';

/**
 * The calling device (by its key) and, when it requires liveness, a head turn to ask for: issued to this device
 * and remembered by the server, answerable once within CHALLENGE_SECONDS (decision 0053). The device's expired
 * challenges are cleared on the way.
 */
export async function getKiosk(state: FrsState, request: FastifyRequest) {
  const now = state.ctx.config.now();
  const device = await authenticateDevice(state.ctx.db, request, now);
  let challenge: { id: string; code: string; prompt: string; expiresAt: string } | null = null;
  if (device.require_liveness) {
    const code = LIVENESS_CHALLENGES[randomInt(LIVENESS_CHALLENGES.length)]!;
    const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000);
    await state.ctx.db.execute(sql`delete from frs_challenges where device_id = ${device.id} and expires_at <= ${now.toISOString()}`);
    const [issued] = await rows<{ id: string }>(
      state.ctx.db,
      sql`insert into frs_challenges (device_id, code, expires_at, created_at) values (${device.id}, ${code}, ${expiresAt.toISOString()}, ${now.toISOString()}) returning id`,
    );
    challenge = { id: issued!.id, code, prompt: CHALLENGE_PROMPTS[code], expiresAt: expiresAt.toISOString() };
  }
  return {
    status: 200 as const,
    body: {
      data: {
        device: { name: device.name, campus: device.campus, building: device.building, requireLiveness: device.require_liveness },
        challenge,
      },
    },
  };
}
