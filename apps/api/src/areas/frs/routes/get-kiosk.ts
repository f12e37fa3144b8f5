import type { FastifyRequest } from 'fastify';
import { CHALLENGE_PROMPTS, pickChallenge } from '@campus/domain-frs';
import { authenticateDevice } from '../device-keys.js';
import type { FrsState } from '../state.js';

/** The calling device (by its key) and, when it requires liveness, the head turn to ask for. */
export async function getKiosk(state: FrsState, request: FastifyRequest) {
  const device = await authenticateDevice(state.ctx.db, request, state.ctx.config.now());
  const code = device.require_liveness ? pickChallenge(Math.random()) : null;
  return {
    status: 200 as const,
    body: {
      data: {
        device: { name: device.name, campus: device.campus, building: device.building, requireLiveness: device.require_liveness },
        challenge: code ? { code, prompt: CHALLENGE_PROMPTS[code] } : null,
      },
    },
  };
}
