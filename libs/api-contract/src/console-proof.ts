import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The console proves to the API that a request comes from it — and so that its `X-Forwarded-For` (the browser's
 * address) can be believed — with this header, derived from the secret the two already share. The API believes
 * `X-Forwarded-For` from nobody else unless `TRUST_PROXY` names the peer, so a client on the API's machine
 * cannot pick the address its sign-in attempts are counted and audited under.
 */
export const CONSOLE_PROOF_HEADER = 'x-campus-console';

/** The proof for a shared secret (`SESSION_SECRET`): HMAC-SHA256(secret, "msc-console-proxy"), base64url. */
export function consoleProof(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('msc-console-proxy').digest('base64url');
}

/** Whether a header value is the proof, compared in constant time. */
export function isConsoleProof(value: unknown, expected: string): boolean {
  if (typeof value !== 'string' || value.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(value), Buffer.from(expected));
}
