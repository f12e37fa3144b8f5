/** What a request hears while the database cannot be reached (503); it recovers on its own when the database returns. */
export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again in a few minutes.';

/** Seconds a client is asked to wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDS = 5;

/** Socket failures of a connection to PostgreSQL. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATEs for a lost or refused connection: class 08 (connection exception), 57P01–57P03
 * (terminated by an administrator, crash shutdown, cannot connect now) and 53300 (too many connections).
 */
const SQLSTATES = /^(08\d{3}|57P0[123]|53300)$/;

/** node-postgres reports some losses only in its message. */
const MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|not currently accepting connections|Client was closed and is not queryable/i;

/**
 * Whether an error (or one of its causes: drizzle wraps the driver's errors) means the database is out of
 * reach, rather than that a statement failed.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || SQLSTATES.test(e.code))) return true;
    if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
