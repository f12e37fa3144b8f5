import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** Auth token prefix of spec §9. */
export const TOKEN_PREFIX = 'cas.msc.';

/** `cas.msc.` + 32 random bytes, base64url. */
export function newToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Only this digest of a token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A six-digit password reset code. */
export function newResetCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Reset codes are short, so they are stored keyed (HMAC with the session secret) and bound to the user. */
export function hashResetCode(code: string, userId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${userId}:${code}`).digest('hex');
}
