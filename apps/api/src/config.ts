import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobEngineSettings } from './platform/jobs/engine.js';

/** Cost of argon2id hashes. The defaults are OWASP's minimum for argon2id (19 MiB, 2 iterations, 1 lane). */
export interface Argon2Options {
  readonly memoryCost: number;
  readonly timeCost: number;
  readonly parallelism: number;
}

export interface ApiConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** PostgreSQL instead of the embedded database; `memory` runs PGlite in memory (tests). */
  readonly databaseUrl: string | undefined;
  readonly responseEncryption: boolean;
  readonly responseEncryptionKey: string;
  readonly sessionSecret: string;
  readonly demoSeed: boolean;
  /** A session ends after this long without a request … */
  readonly sessionIdleMs: number;
  /** … and this long after sign-in, whatever happens. */
  readonly sessionAbsoluteMs: number;
  /** Consecutive failed sign-ins that lock an account, and for how long. */
  readonly lockoutThreshold: number;
  readonly lockoutMs: number;
  /** Sign-in and password-reset requests allowed per client address per window. */
  readonly authRateLimit: { readonly max: number; readonly windowMs: number };
  /** Activities one user may report through `POST /audit-trails` per window. */
  readonly clientAuditRateLimit: { readonly max: number; readonly windowMs: number };
  /** Requests a minute per client address in a bucket of public routes, overriding its contract's figure (`RATE_LIMITS`). */
  readonly rateLimits?: Readonly<Record<string, number>>;
  /** How long a password reset code stays valid. */
  readonly resetCodeTtlMs: number;
  readonly argon2: Argon2Options;
  readonly smtpUrl: string | undefined;
  /**
   * Which peers, besides the console (which proves itself with a header derived from `SESSION_SECRET`), may set
   * the client address with `X-Forwarded-For`: none by default; `TRUST_PROXY=true` trusts any peer, a
   * comma-separated list trusts those addresses or ranges (a load balancer in front of the API).
   */
  readonly trustProxy: boolean | string[];
  readonly mailFrom: string;
  readonly logLevel: string;
  /** The clock: sessions, lockouts, reset codes, jobs and schedules read time from here (tests move it). */
  readonly now: () => Date;
  /** Single sign-on issuer, the API's public address (`SSO_ISSUER`; default `http://{host}:{port}`). */
  readonly ssoIssuer?: string;
  /** The console's public address, whose `/auth` page signs users in for applications (`CONSOLE_URL`). */
  readonly consoleUrl?: string;
  /** Seals client secrets, signing keys and authenticator secrets (`SSO_ENCRYPTION_KEY`; else from the session secret). */
  readonly ssoEncryptionKey?: string;
  /** Every IAM administrator must enrol an authenticator app (`TOTP_REQUIRED_FOR_ADMINS`; off by default). */
  readonly totpRequiredForAdmins?: boolean;
  /** Job engine intervals (tests shorten them); defaults in `platform/jobs`. */
  readonly jobs?: Partial<JobEngineSettings>;
  /** Who may read `/metrics`: `METRICS_TOKEN` (bearer, from anywhere) and `METRICS_ALLOW` (networks; default loopback). */
  readonly metrics?: { readonly token?: string | undefined; readonly allow?: string | undefined };
  /**
   * On SIGTERM: how long `/readyz` fails while requests are still served, so the load balancer stops sending new ones
   * (`SHUTDOWN_DELAY_MS`, 3 s), and the most the whole shutdown may take before the process exits anyway
   * (`SHUTDOWN_TIMEOUT_MS`, 30 s).
   */
  readonly shutdown?: { readonly delayMs: number; readonly timeoutMs: number };
}

/** `.data` at the repository root (from src/ or dist/), shared with the console whatever the working folder. */
export const REPOSITORY_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../.data');

export const DEFAULTS = {
  port: 4000,
  sessionIdleMs: 2 * 60 * 60 * 1000,
  sessionAbsoluteMs: 12 * 60 * 60 * 1000,
  lockoutThreshold: 5,
  lockoutMs: 15 * 60 * 1000,
  authRateLimit: { max: 60, windowMs: 60 * 1000 },
  clientAuditRateLimit: { max: 60, windowMs: 60 * 1000 },
  resetCodeTtlMs: 30 * 60 * 1000,
  argon2: { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 },
  shutdownDelayMs: 3_000,
  shutdownTimeoutMs: 30_000,
} as const;

/** The secrets file shared with the console: `{ "responseEncryptionKey": "...", "sessionSecret": "..." }`. */
export interface SecretsFile {
  readonly responseEncryptionKey: string;
  readonly sessionSecret: string;
}

/**
 * Reads `DATA_DIR/secrets.json`, creating it once (mode 0600) with fresh random secrets when it is missing.
 * Creation uses the exclusive flag, so when the console and the API start together only one file is written.
 */
export function ensureSecrets(dataDir: string): SecretsFile {
  const file = join(dataDir, 'secrets.json');
  mkdirSync(dataDir, { recursive: true });
  try {
    const fresh: SecretsFile = {
      responseEncryptionKey: randomBytes(32).toString('base64url'),
      sessionSecret: randomBytes(32).toString('base64url'),
    };
    writeFileSync(file, `${JSON.stringify(fresh, null, 2)}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SecretsFile>;
  if (!parsed.responseEncryptionKey || !parsed.sessionSecret) throw new Error(`${file} lacks a secret.`);
  return { responseEncryptionKey: parsed.responseEncryptionKey, sessionSecret: parsed.sessionSecret };
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number.`);
  return value;
}

/** `RATE_LIMITS=chat=1200,support=240`: requests a minute per client address, by bucket. */
function bucketLimits(raw: string | undefined): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const pair of (raw ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
    const [bucket, figure] = pair.split('=').map((p) => p.trim());
    const value = Number(figure);
    if (!bucket || !figure || !Number.isInteger(value) || value < 1) throw new Error('RATE_LIMITS must read like chat=600,support=120.');
    limits[bucket] = value;
  }
  return limits;
}

function flag(raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  return !['off', 'false', '0', 'no'].includes(raw.toLowerCase());
}

/** Configuration from the environment (ARCHITECTURE §7), with secrets generated into DATA_DIR when unset. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : REPOSITORY_DATA_DIR;
  const databaseUrl = env.DATABASE_URL || undefined;
  const needsFile = !env.RESPONSE_ENCRYPTION_KEY || !env.SESSION_SECRET;
  const secrets = needsFile ? ensureSecrets(dataDir) : undefined;
  return {
    host: env.API_HOST || '127.0.0.1',
    port: number(env, 'API_PORT', DEFAULTS.port),
    dataDir,
    databaseUrl,
    responseEncryption: flag(env.RESPONSE_ENCRYPTION, true),
    responseEncryptionKey: env.RESPONSE_ENCRYPTION_KEY || secrets!.responseEncryptionKey,
    sessionSecret: env.SESSION_SECRET || secrets!.sessionSecret,
    demoSeed: flag(env.DEMO_SEED, !databaseUrl),
    sessionIdleMs: number(env, 'SESSION_IDLE_MINUTES', DEFAULTS.sessionIdleMs / 60000) * 60000,
    sessionAbsoluteMs: number(env, 'SESSION_ABSOLUTE_HOURS', DEFAULTS.sessionAbsoluteMs / 3600000) * 3600000,
    lockoutThreshold: number(env, 'LOCKOUT_ATTEMPTS', DEFAULTS.lockoutThreshold),
    lockoutMs: number(env, 'LOCKOUT_MINUTES', DEFAULTS.lockoutMs / 60000) * 60000,
    authRateLimit: {
      max: number(env, 'AUTH_RATE_LIMIT', DEFAULTS.authRateLimit.max),
      windowMs: DEFAULTS.authRateLimit.windowMs,
    },
    rateLimits: bucketLimits(env.RATE_LIMITS),
    clientAuditRateLimit: {
      max: number(env, 'AUDIT_REPORT_RATE_LIMIT', DEFAULTS.clientAuditRateLimit.max),
      windowMs: DEFAULTS.clientAuditRateLimit.windowMs,
    },
    resetCodeTtlMs: DEFAULTS.resetCodeTtlMs,
    argon2: DEFAULTS.argon2,
    smtpUrl: env.SMTP_URL || undefined,
    trustProxy:
      env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY ? env.TRUST_PROXY.split(',').map((a) => a.trim()) : [],
    mailFrom: env.MAIL_FROM || 'Campus Administration System <no-reply@example.edu>',
    logLevel: env.LOG_LEVEL || 'info',
    now: () => new Date(),
    ssoIssuer: (env.SSO_ISSUER || `http://${env.API_HOST || '127.0.0.1'}:${number(env, 'API_PORT', DEFAULTS.port)}`).replace(/\/+$/, ''),
    consoleUrl: (env.CONSOLE_URL || `http://127.0.0.1:${number(env, 'PORT', 3000)}`).replace(/\/+$/, ''),
    ssoEncryptionKey: env.SSO_ENCRYPTION_KEY || undefined,
    totpRequiredForAdmins: flag(env.TOTP_REQUIRED_FOR_ADMINS, false),
    metrics: { token: env.METRICS_TOKEN || undefined, allow: env.METRICS_ALLOW || undefined },
    shutdown: { delayMs: number(env, 'SHUTDOWN_DELAY_MS', DEFAULTS.shutdownDelayMs), timeoutMs: number(env, 'SHUTDOWN_TIMEOUT_MS', DEFAULTS.shutdownTimeoutMs) },
  };
}
