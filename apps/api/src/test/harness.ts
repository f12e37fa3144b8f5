import type { FastifyInstance } from 'fastify';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { decodeEnvelope } from '@campus/api-contract';
import { applications } from '@campus/domain-iam';
import { buildApp } from '../app.js';
import { DEFAULTS, type ApiConfig } from '../config.js';
import { openDatabase, type Database } from '../platform/db/client.js';
import { insertAccount } from '../platform/db/users.js';
import { createMailer, type Mailer, type MailMessage } from '../platform/auth/mailer.js';
import type { AreaModule } from '../platform/area.js';
import { closeAtFileEnd } from './file-end.js';
import { scratchPostgres } from './scratch-postgres.js';

/** A clock tests move forward by hand. */
export class TestClock {
  constructor(public current = new Date('2026-11-23T08:00:00.000Z')) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export const TEST_PASSWORD = 'Campus!Demo2026';
export const ENCRYPTION_KEY = 'test-envelope-secret';
/** argon2 is made cheap for tests only, through configuration. */
const TEST_ARGON2 = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

export function testConfig(clock: TestClock, overrides: Partial<ApiConfig> = {}): ApiConfig {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir: '',
    databaseUrl: undefined,
    responseEncryption: true,
    responseEncryptionKey: ENCRYPTION_KEY,
    sessionSecret: 'test-session-secret',
    demoSeed: false,
    sessionIdleMs: DEFAULTS.sessionIdleMs,
    sessionAbsoluteMs: DEFAULTS.sessionAbsoluteMs,
    lockoutThreshold: DEFAULTS.lockoutThreshold,
    lockoutMs: DEFAULTS.lockoutMs,
    authRateLimit: { max: 1000, windowMs: 60_000 },
    clientAuditRateLimit: DEFAULTS.clientAuditRateLimit,
    resetCodeTtlMs: DEFAULTS.resetCodeTtlMs,
    argon2: TEST_ARGON2,
    smtpUrl: undefined,
    trustProxy: [],
    mailFrom: 'test@example.edu',
    logLevel: 'silent',
    now: clock.now,
    jobs: { pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 1, tickMs: 300 },
    ...overrides,
  };
}

/**
 * A fresh database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL is set — a new database on
 * that PostgreSQL server, dropped when the file ends, so files run in parallel.
 */
/** The PostgreSQL address of a database made by `freshDatabase` (tests that open a second connection pool). */
export const testDatabaseUrls = new WeakMap<Database, string>();

export async function freshDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dumpFile = inject('pgliteDump');
    const database = await openDatabase(dumpFile ? { pgliteDump: new Blob([await readFile(dumpFile)]) } : {});
    closeAtFileEnd(() => database.close());
    return database;
  }
  const url = await scratchPostgres(serverUrl, () => database.close());
  const database = await openDatabase({ databaseUrl: url, poolSize: 4 });
  testDatabaseUrls.set(database, url);
  return database;
}

/**
 * The app's real mailer (the outbox, as without SMTP), which also notes the reset codes it sends so recovery
 * tests can read them at once.
 */
export class MailBox implements Mailer {
  readonly sent: { to: string; code: string }[] = [];
  /** Every message sent, in order. */
  readonly messages: MailMessage[] = [];
  private inner: Mailer | undefined;
  attach(inner: Mailer): void {
    this.inner = inner;
  }
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
    const code = /reset code is (\d{6})/.exec(message.text)?.[1];
    if (code) this.sent.push({ to: message.to, code });
    await this.inner?.send(message);
  }
  lastCodeFor(to: string): string | undefined {
    return this.sent.filter((m) => m.to === to).at(-1)?.code;
  }
}

export interface TestApi {
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly clock: TestClock;
  readonly mail: MailBox;
  readonly config: ApiConfig;
  readonly users: { admin: string; registrar: string; auditor: string };
  /** Sends a request and decodes the envelope; `token` adds the bearer header. */
  call(method: string, url: string, options?: { token?: string; body?: unknown; headers?: Record<string, string> }): Promise<{
    status: number;
    body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- answers are checked field by field in tests
    raw: Awaited<ReturnType<FastifyInstance['inject']>>;
  }>;
  signIn(email: string, password?: string): Promise<string>;
}

/** The app over a fresh database with three accounts: an IAM admin with every scope, a registrar, an auditor. */
export async function startTestApi(
  overrides: Partial<ApiConfig> = {},
  options: { readonly areas?: readonly AreaModule[]; readonly mailer?: Mailer; readonly logger?: Record<string, unknown> } = {},
): Promise<TestApi> {
  const clock = new TestClock();
  const config = testConfig(clock, overrides);
  const database = await freshDatabase();
  const mail = new MailBox();
  mail.attach(createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, now: config.now }));
  const app = await buildApp({ config, database, logger: options.logger ?? false, mailer: options.mailer ?? mail, ...(options.areas ? { areas: options.areas } : {}) });
  closeAtFileEnd(() => app.close());
  // Every launcher application, as the area manifests declared them when the app was built.
  const all = applications().map((a) => a.code);
  const users = {
    admin: await insertAccount(
      database.db,
      { email: 'admin@example.edu', password: TEST_PASSWORD, firstName: 'Jose', lastName: 'Rizal', adminScopes: all, iamAdmin: true },
      config.argon2,
    ),
    registrar: await insertAccount(
      database.db,
      { email: 'registrar@example.edu', password: TEST_PASSWORD, firstName: 'Gabriela', lastName: 'Silang', adminScopes: ['CAMPUS'] },
      config.argon2,
    ),
    auditor: await insertAccount(
      database.db,
      { email: 'auditor@example.edu', password: TEST_PASSWORD, firstName: 'Apolinario', lastName: 'Mabini', adminScopes: ['REPORTS', 'IAM'] },
      config.argon2,
    ),
  };

  const call: TestApi['call'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const raw = await app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(options.body === undefined ? {} : typeof options.body === 'string' ? { payload: options.body } : { payload: options.body as object }),
    });
    // Work a request left running after its answer (a recovery mail) is done before the test looks at it.
    await app.backgroundWork.settled();
    const type = String(raw.headers['content-type'] ?? '');
    const body = type.startsWith('text/plain') && raw.body.startsWith('v1.') ? decodeEnvelope(raw.body, ENCRYPTION_KEY) : raw.body ? JSON.parse(raw.body) : undefined;
    return { status: raw.statusCode, body, raw };
  };

  const signIn: TestApi['signIn'] = async (email, password = TEST_PASSWORD) => {
    const result = await call('POST', '/core/v1.0/auth', { body: { email, password } });
    if (result.status !== 200) throw new Error(`sign-in of ${email} answered ${result.status}: ${JSON.stringify(result.body)}`);
    return result.body.data.token as string;
  };

  return { app, database, clock, mail, config, users, call, signIn };
}
