import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { applications, sessions, users } from './iam.js';

// Single sign-on (OpenID Connect) and two-factor sign-in: server-only tables of Access Management (decision 0014).

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The OpenID Connect client settings of an application (one client per application). */
export const ssoClients = pgTable('sso_clients', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id!),
  clientId: text('client_id').notNull().unique('sso_clients_client_id_unique'),
  /** Confidential clients authenticate with a secret at the token endpoint; public ones (SPAs, apps) cannot. */
  isConfidential: boolean('is_confidential').notNull().default(true),
  /** AES-256-GCM; the provider needs the secret itself to check it, so it cannot be hashed. */
  secretCiphertext: text('secret_ciphertext'),
  secretCreatedAt: at('secret_created_at'),
  redirectUris: text('redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  postLogoutRedirectUris: text('post_logout_redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  allowRefreshTokens: boolean('allow_refresh_tokens').notNull().default(true),
  accessTokenMinutes: integer('access_token_minutes').notNull().default(60),
  refreshTokenDays: integer('refresh_token_days').notNull().default(14),
  /** Every active user may sign in, not only those holding a role of the application. */
  isOpenToAll: boolean('is_open_to_all').notNull().default(false),
  createdAt: at('created_at').notNull().defaultNow(),
  updatedAt: at('updated_at').notNull().defaultNow(),
  modifiedById: uuid('modified_by_id'),
});

/**
 * Everything the provider stores (sessions, interactions, grants, codes, tokens), one row per model and id with
 * the payload as JSON; the columns beside it are the lookups the provider and the revocations need.
 */
export const ssoPayloads = pgTable(
  'sso_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    accountId: text('account_id'),
    clientId: text('client_id'),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: at('expires_at'),
    consumedAt: at('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id], name: 'sso_payloads_pk' }),
    index('sso_payloads_grant_idx').on(t.grantId),
    index('sso_payloads_uid_idx').on(t.model, t.uid),
    index('sso_payloads_user_code_idx').on(t.model, t.userCode),
    index('sso_payloads_account_idx').on(t.accountId, t.model),
    index('sso_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Token signing keys (private JWKs, encrypted). Published from `created_at`, signing from `signs_from`. */
export const ssoSigningKeys = pgTable('sso_signing_keys', {
  kid: text('kid').primaryKey(),
  privateJwkCiphertext: text('private_jwk_ciphertext').notNull(),
  createdAt: at('created_at').notNull(),
  signsFrom: at('signs_from').notNull(),
  /** Left out of the key set after this (set when a newer key signs: the old one's last tokens have expired). */
  retiresAt: at('retires_at'),
});

/** A user's authenticator (TOTP) secret, encrypted; confirmed once a first code from the app matched. */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id!),
  secretCiphertext: text('secret_ciphertext').notNull(),
  createdAt: at('created_at').notNull(),
  confirmedAt: at('confirmed_at'),
  /** The last time step a code was accepted for: a code is never accepted twice. */
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** Ten single-use recovery codes per enrolment, stored as keyed hashes. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('totp_recovery_codes_user_idx').on(t.userId)],
);

/** Browsers where the second factor was passed with "remember this device" (hash of the cookie's token). */
export const rememberedDevices = pgTable(
  'remembered_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!),
    tokenHash: text('token_hash').notNull().unique('remembered_devices_token_unique'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('remembered_devices_user_idx').on(t.userId)],
);

/** A user's passkey (WebAuthn credential, decision 0058): its public key (COSE, base64url) and last signature counter. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id!, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'`),
    name: text('name').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: at('created_at').notNull(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [uniqueIndex('passkeys_credential_id_unique').on(t.credentialId), index('passkeys_user_idx').on(t.userId)],
);

/** A challenge issued for registering or using a passkey: used once, within minutes, by whom it was issued for. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    challenge: text('challenge').notNull(),
    userId: uuid('user_id').references(() => users.id!, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: at('expires_at').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
