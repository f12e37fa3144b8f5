import type { FrsSettings } from './settings.js';

/** What a liveness challenge asks the person to do between two frames. */
export const LIVENESS_CHALLENGES = ['turn-left', 'turn-right'] as const;
export type LivenessChallenge = (typeof LIVENESS_CHALLENGES)[number];

export const CHALLENGE_PROMPTS: Record<LivenessChallenge, string> = {
  'turn-left': 'Turn your head to your left.',
  'turn-right': 'Turn your head to your right.',
};

/**
 * Whether the head turned as asked between the first and the second frame. Yaw is the detector's, in radians,
 * positive when the person turns to their left as seen in an unmirrored camera image. A printed photo held up
 * to the camera cannot turn its head, which is what the challenge is for.
 */
export function passesLiveness(
  challenge: LivenessChallenge,
  firstYaw: number,
  secondYaw: number,
  settings: Pick<FrsSettings, 'livenessTurn'>,
): boolean {
  const turn = secondYaw - firstYaw;
  return challenge === 'turn-left' ? turn >= settings.livenessTurn : -turn >= settings.livenessTurn;
}

/** How long an issued challenge may be answered, in seconds (once only). */
export const CHALLENGE_SECONDS = 60;

/** A challenge picked by a random number 0…1. */
export function pickChallenge(random: number): LivenessChallenge {
  return LIVENESS_CHALLENGES[Math.min(LIVENESS_CHALLENGES.length - 1, Math.floor(random * LIVENESS_CHALLENGES.length))]!;
}
