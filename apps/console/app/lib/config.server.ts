import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The console's configuration (ARCHITECTURE §7), read once from the environment. */
export interface ConsoleConfig {
  /** Where the API listens. */
  apiUrl: string;
  /** The envelope secret shared with the API. */
  responseEncryptionKey: string;
  /** Signs the console's cookies. */
  sessionSecret: string;
  /** How long any API call may take before the console gives up and says the service is unavailable. */
  apiTimeoutMs: number;
}

/** `API_TIMEOUT_MS` when unset. */
export const DEFAULT_API_TIMEOUT_MS = 10_000;

function timeoutOf(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_API_TIMEOUT_MS;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error('API_TIMEOUT_MS must be a whole number of milliseconds (1 or more).');
  return value;
}

interface SecretsFile {
  responseEncryptionKey?: string;
  sessionSecret?: string;
}

function readSecretsFile(dataDir: string): SecretsFile {
  try {
    return JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')) as SecretsFile;
  } catch {
    return {};
  }
}

/**
 * Secrets come from `RESPONSE_ENCRYPTION_KEY` / `SESSION_SECRET`, else from `DATA_DIR/secrets.json`, which the
 * API generates on its first start. Without either the console cannot talk to the API, so it refuses to start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ConsoleConfig {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const file = env.RESPONSE_ENCRYPTION_KEY && env.SESSION_SECRET ? {} : readSecretsFile(dataDir);
  const responseEncryptionKey = env.RESPONSE_ENCRYPTION_KEY ?? file.responseEncryptionKey;
  const sessionSecret = env.SESSION_SECRET ?? file.sessionSecret;
  if (!responseEncryptionKey || !sessionSecret) {
    throw new Error(
      `RESPONSE_ENCRYPTION_KEY and SESSION_SECRET are not set and ${join(dataDir, 'secrets.json')} does not hold them. ` +
        'Start the API once (it generates them) or set both variables.',
    );
  }
  return {
    apiUrl: (env.API_URL ?? 'http://127.0.0.1:4000').replace(/\/+$/, ''),
    responseEncryptionKey,
    sessionSecret,
    apiTimeoutMs: timeoutOf(env.API_TIMEOUT_MS),
  };
}

let cached: ConsoleConfig | undefined;

/** The configuration of this process (loaded on first use, so tests can set the environment first). */
export function config(): ConsoleConfig {
  cached ??= loadConfig();
  return cached;
}

/** Forget the loaded configuration (tests that change the environment). */
export function resetConfig(): void {
  cached = undefined;
}
