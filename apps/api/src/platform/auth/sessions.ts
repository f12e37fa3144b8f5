import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../../config.js';
import { statement, type Database, type Db, type Statement } from '../db/client.js';
import { answerCache } from '../cache.js';
import { securityLimits } from '../settings.js';
import { HttpError } from '../http/errors.js';
import { hashToken, newToken, TOKEN_PREFIX } from './tokens.js';

/** The signed-in user as the server sees it on each request. */
export interface AuthUser {
  readonly id: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly adminScopes: string[];
  readonly iamAdmin: boolean;
  readonly mustChangePassword: boolean;
  /** Modules granted by the user's active roles, by application code (absent: no roles there, whole application). */
  readonly moduleGrants: Readonly<Record<string, readonly string[]>>;
}

export interface AuthContext {
  readonly sessionId: string;
  readonly user: AuthUser;
  /** `verify` or `enrol` while the session still owes the second factor (decision 0015). */
  readonly secondFactor?: 'verify' | 'enrol' | null;
}

export const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';
export const NOT_SIGNED_IN = 'Sign in to continue.';

/** `last_seen_at` is written at most once a minute per session, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;

export async function createSession(
  db: Db,
  config: ApiConfig,
  userId: string,
  request: Pick<FastifyRequest, 'ip' | 'headers'>,
  absoluteMs: number = config.sessionAbsoluteMs,
): Promise<string> {
  const token = newToken();
  const now = config.now();
  await db.execute(
    sql`insert into sessions (token_hash, user_id, created_at, last_seen_at, expires_at, ip_address, user_agent)
        values (${hashToken(token)}, ${userId}, ${now.toISOString()}, ${now.toISOString()},
                ${new Date(now.getTime() + absoluteMs).toISOString()}, ${request.ip},
                ${String(request.headers['user-agent'] ?? '').slice(0, 300)})`,
  );
  return token;
}

interface SessionRow {
  id: string;
  last_seen_at: string | Date;
  expires_at: string | Date;
  revoked_at: string | Date | null;
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  admin_scopes: string[];
  iam_admin: boolean;
  must_change_password: boolean;
  is_active: boolean;
  second_factor: 'verify' | 'enrol' | null;
  module_grants: Record<string, string[]> | null;
}

/**
 * The modules a user's active roles grant, by application code (`{ "CAMPUS": ["CLASSES", …] }`), for a query
 * over `users u`. Only active roles grant, and only active modules of the role's own application; an application
 * where the user holds no role at all is absent. A deactivated role still counts as a role in its application, so
 * deactivating it narrows access rather than widening it to the whole application.
 */
export const MODULE_GRANTS_SQL = `coalesce((select jsonb_object_agg(g.app, g.codes) from (
            select r.application_code as app,
                   coalesce(jsonb_agg(distinct m.code) filter (where m.code is not null), '[]'::jsonb) as codes
              from roles r
              left join modules m
                on r.is_active and m.id = any(r.module_ids) and m.is_active and m.application_code = r.application_code
             where r.id = any(u.role_ids)
             group by r.application_code) g), '{}'::jsonb)`;

const SESSION_LOOKUP: Statement = statement(
  `select s.id, s.last_seen_at, s.expires_at, s.revoked_at, u.id as user_id, u.email, u.first_name, u.last_name,
          u.admin_scopes, u.iam_admin, u.must_change_password, u.is_active, s.second_factor,
          ${MODULE_GRANTS_SQL} as module_grants
     from sessions s join users u on u.id = s.user_id
    where s.token_hash = $1`,
);

/**
 * Session lookups, remembered until the sessions, users, roles or modules table changes (see
 * `answerCache`): a logout, a deactivation or a role change is seen at once. Expiry is still judged on every
 * request, against the clock.
 */
const rememberedLookup = answerCache<SessionRow | undefined>({ name: 'session lookups', maxEntries: 1_000 });
const SESSION_TABLES = ['sessions', 'users', 'roles', 'modules'];

function lookupSession(database: Pick<Database, 'run' | 'tableChanges'>, digest: string): Promise<SessionRow | undefined> {
  // Every request runs this lookup, so it runs with a reusable plan where the database offers one.
  return rememberedLookup(database, digest, SESSION_TABLES, async () => (await database.run<SessionRow>(SESSION_LOOKUP, [digest]))[0]);
}

/** The bearer token of a request, if it has one of ours. */
export function bearerToken(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1]?.startsWith(TOKEN_PREFIX) ? match[1] : undefined;
}

/**
 * Resolves the request's token to a live session, or throws 401. A session ends when revoked, when idle too
 * long, at its absolute expiry, and when its user is deactivated.
 */
export async function authenticate(
  db: Db,
  config: ApiConfig,
  request: FastifyRequest,
  database: Pick<Database, 'db' | 'run' | 'tableChanges'>,
): Promise<AuthContext> {
  const token = bearerToken(request);
  if (!token) throw new HttpError(401, NOT_SIGNED_IN);
  const row = await lookupSession(database, hashToken(token));
  const now = config.now().getTime();
  if (!row || row.revoked_at || !row.is_active) throw new HttpError(401, SESSION_EXPIRED);
  const lastSeen = new Date(row.last_seen_at).getTime();
  const { sessionIdleMs } = await securityLimits(database, config);
  if (now >= new Date(row.expires_at).getTime() || now - lastSeen >= sessionIdleMs) {
    throw new HttpError(401, SESSION_EXPIRED);
  }
  if (now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db.execute(sql`update sessions set last_seen_at = ${new Date(now).toISOString()} where id = ${row.id}`);
  }
  return {
    sessionId: row.id,
    secondFactor: row.second_factor,
    user: {
      id: row.user_id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      adminScopes: row.admin_scopes ?? [],
      iamAdmin: row.iam_admin,
      mustChangePassword: row.must_change_password,
      moduleGrants: row.module_grants ?? {},
    },
  };
}

export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db.execute(sql`update sessions set revoked_at = ${at.toISOString()} where id = ${sessionId} and revoked_at is null`);
}

/** Ends every session of a user (deactivation, password reset), optionally keeping one. */
export async function revokeUserSessions(db: Db, userId: string, at: Date, keep?: string): Promise<void> {
  await db.execute(
    sql`update sessions set revoked_at = ${at.toISOString()}
        where user_id = ${userId} and revoked_at is null ${keep ? sql`and id <> ${keep}` : sql``}`,
  );
}
