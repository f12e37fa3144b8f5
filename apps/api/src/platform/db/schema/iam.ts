import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  applicationEntity,
  moduleEntity,
  roleEntity,
  serviceEntity,
  userEntity,
} from '@campus/domain-iam';
import { tableFor } from '../table-for.js';

// Identity and Access Management (launcher code IAM): tables generated from the descriptors of
// @campus/domain-iam, plus what only the server writes — password hashes, lockout counters, sessions and
// password reset codes.

export const applications = tableFor(applicationEntity);
export const modules = tableFor(moduleEntity);
export const services = tableFor(serviceEntity);
export const roles = tableFor(roleEntity);

/** Users: the descriptor's columns plus the password hash, the temporary-password flag and the lockout state. */
export const users = tableFor(userEntity, {
  avatar: text('avatar'),
  passwordHash: text('password_hash').notNull(),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  failedSignIns: integer('failed_sign_ins').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }),
});

/** Sessions: only the SHA-256 of a token is stored, with idle and absolute expiry. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique('sessions_token_hash_unique'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /** `verify` or `enrol` while the second factor is still owed: the token can do nothing else (decision 0015). */
    secondFactor: text('second_factor'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Password reset codes: single use, stored as a keyed hash, valid for a limited time. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('password_resets_user_id_idx').on(t.userId, t.createdAt)],
);

/**
 * Rate-limit windows shared by every API process (migration 0038): one fixed window per limiter (`scope`) and
 * counted key, the key kept only as a SHA-256 digest.
 */
export const rateWindows = pgTable(
  'rate_windows',
  {
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ name: 'rate_windows_pkey', columns: [t.scope, t.keyHash] }), index('rate_windows_started_idx').on(t.scope, t.startedAt)],
);
