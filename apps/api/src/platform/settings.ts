import { sql } from 'drizzle-orm';
import { DEFAULT_ORGANISATION, type SystemSettings } from '@campus/domain-iam';
import type { ApiConfig } from '../config.js';
import { rows, type Database } from './db/client.js';
import { answerCache } from './cache.js';

/** The settings in force: what an administrator stored over the configuration's defaults. */
export interface EffectiveSettings extends SystemSettings {
  readonly updatedAt: string | null;
}

/** The defaults when nothing is stored: the configuration (environment) and the product's wording. */
export function defaultSettings(config: ApiConfig): SystemSettings {
  return {
    // The organisation the product ships with (one source with the console's sign-in panel).
    organisationName: DEFAULT_ORGANISATION.organisationName,
    logoUrl: null,
    mission: DEFAULT_ORGANISATION.mission,
    vision: DEFAULT_ORGANISATION.vision,
    timeZone: 'Asia/Manila',
    lockoutThreshold: config.lockoutThreshold,
    lockoutMinutes: Math.round(config.lockoutMs / 60_000),
    sessionIdleMinutes: Math.round(config.sessionIdleMs / 60_000),
    sessionAbsoluteHours: Math.round(config.sessionAbsoluteMs / 3_600_000),
    passwordMinLength: 12,
    twoFactorMandatory: false,
    passkeysRequiredForIamAdmins: false,
    // Retention is off until an administrator sets a period: nothing is purged.
    auditRetentionDays: null,
    transcriptRetentionDays: null,
    // Data Migration's API sources and database connections reach no host until hosts are listed.
    apiSourceHosts: [],
  };
}

const remembered = answerCache<{ data: Record<string, unknown>; updatedAt: string | null }>({
  name: 'system settings',
  maxEntries: 1,
});

/** What was last made of a stored answer, for one configuration: the same answer gives the same (frozen) objects. */
const made = new WeakMap<object, { config: ApiConfig; settings: EffectiveSettings; limits: SecurityLimits }>();

/** The security limits in milliseconds, as the sign-in and session code uses them. */
export interface SecurityLimits {
  readonly lockoutThreshold: number;
  readonly lockoutMs: number;
  readonly sessionIdleMs: number;
  readonly sessionAbsoluteMs: number;
  readonly passwordMinLength: number;
}

async function effective(database: Pick<Database, 'db' | 'tableChanges'>, config: ApiConfig) {
  const stored = await remembered(database, 'settings', ['system_settings'], async () => {
    const [row] = await rows<{ data: Record<string, unknown>; updated_at: string | Date }>(
      database.db,
      sql`select data, updated_at from system_settings where id = 1`,
    );
    return { data: row?.data ?? {}, updatedAt: row ? new Date(row.updated_at).toISOString() : null };
  });
  // Every request reads the settings (sessions' idle limit) and most read them more than once: while the stored
  // answer is the same, so is what is made of it.
  const known = made.get(stored);
  if (known && known.config === config) return known;
  const merged = { ...defaultSettings(config), ...(stored.data as Partial<SystemSettings>) };
  // An emptied mission or vision is the product's text again, in settings and on the sign-in panel alike.
  const settings: EffectiveSettings = Object.freeze({
    ...merged,
    mission: merged.mission || DEFAULT_ORGANISATION.mission,
    vision: merged.vision || DEFAULT_ORGANISATION.vision,
    updatedAt: stored.updatedAt,
  });
  const limits: SecurityLimits = Object.freeze({
    lockoutThreshold: settings.lockoutThreshold,
    lockoutMs: settings.lockoutMinutes * 60_000,
    sessionIdleMs: settings.sessionIdleMinutes * 60_000,
    sessionAbsoluteMs: settings.sessionAbsoluteHours * 3_600_000,
    passwordMinLength: settings.passwordMinLength,
  });
  const entry = { config, settings, limits };
  made.set(stored, entry);
  return entry;
}

/**
 * The stored settings, remembered with the platform cache against the `system_settings` table's change counter:
 * a save anywhere, through any process, invalidates it at once.
 * Sign-in, sessions, lockouts and password changes read their limits here, so a change needs no restart.
 * The answer is frozen: it is shared by every caller until the settings change.
 */
export async function currentSettings(database: Pick<Database, 'db' | 'tableChanges'>, config: ApiConfig): Promise<EffectiveSettings> {
  return (await effective(database, config)).settings;
}

/** The security limits in milliseconds, as the sign-in and session code uses them. */
export async function securityLimits(database: Pick<Database, 'db' | 'tableChanges'>, config: ApiConfig): Promise<SecurityLimits> {
  return (await effective(database, config)).limits;
}
