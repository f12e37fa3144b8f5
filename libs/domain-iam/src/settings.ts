import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './password.js';

/**
 * The system settings an IAM administrator runs from `/app/settings` (spec §2). The API validates a change with
 * this schema and the console's form uses the same one, so both give the same messages. The security settings
 * may only be tuned within these bounds.
 */
export const SETTINGS_BOUNDS = {
  lockoutThreshold: { min: 3, max: 20 },
  lockoutMinutes: { min: 1, max: 1440 },
  sessionIdleMinutes: { min: 5, max: 480 },
  sessionAbsoluteHours: { min: 1, max: 72 },
  passwordMinLength: { min: PASSWORD_MIN_LENGTH, max: 64 },
  auditRetentionDays: { min: 365, max: 3650 },
  transcriptRetentionDays: { min: 30, max: 3650 },
} as const;

type Bounded = keyof typeof SETTINGS_BOUNDS;

const whole = (name: Bounded, unit: string) =>
  z.coerce
    .number({ invalid_type_error: 'Enter a whole number.' })
    .int('Enter a whole number.')
    .min(SETTINGS_BOUNDS[name].min, `At least ${SETTINGS_BOUNDS[name].min} ${unit}.`)
    .max(SETTINGS_BOUNDS[name].max, `At most ${SETTINGS_BOUNDS[name].max} ${unit}.`);

/** True for an IANA time zone name this runtime knows (e.g. `Asia/Manila`). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(value);
  } catch {
    return false;
  }
}

const logoUrl = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string()
    .trim()
    .max(500, 'At most 500 characters.')
    .regex(/^(https:\/\/[^\s]+|\/[^\s/][^\s]*)$/, 'Enter an https:// address or a path starting with /.')
    .nullable(),
);

/** A retention period in days, or empty (null) to keep everything: retention is off by default. */
const retention = (name: 'auditRetentionDays' | 'transcriptRetentionDays') =>
  z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v), whole(name, 'days').nullable());

/** A host pattern of the allow-list: a host name, `*.` and a domain (its sub-domains), or an IPv4 or IPv6 address. */
export const HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$|^[0-9a-f:.]+$/;

/** The allow-list as an administrator types it (one per line, or separated by commas or spaces), normalised. */
const apiSourceHosts = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(/[\s,]+/)
          .map((s) => s.trim().toLowerCase().replace(/^\[|\]$/g, ''))
          .filter(Boolean)
      : v,
  z
    .array(z.string().max(253, 'At most 253 characters.').regex(HOST_PATTERN, 'Enter host names such as sis.example.edu, *.example.edu or addresses, one per line.'))
    .max(100, 'At most 100 hosts.')
    .default([])
    .transform((list) => [...new Set(list)]),
);

/** A checkbox as a form posts it (`on` when ticked, absent otherwise) or a boolean. */
const flag = z.preprocess((v) => v === true || v === 'on' || v === 'true', z.boolean());

export const SystemSettingsSchema = z
  .object({
    organisationName: z.string().trim().min(1, 'Required').max(200, 'At most 200 characters.'),
    logoUrl,
    mission: z.string().trim().max(2000, 'At most 2000 characters.'),
    vision: z.string().trim().max(2000, 'At most 2000 characters.'),
    timeZone: z.string().trim().refine(isTimeZone, 'Choose a time zone such as Asia/Manila.'),
    lockoutThreshold: whole('lockoutThreshold', 'attempts'),
    lockoutMinutes: whole('lockoutMinutes', 'minutes'),
    sessionIdleMinutes: whole('sessionIdleMinutes', 'minutes'),
    sessionAbsoluteHours: whole('sessionAbsoluteHours', 'hours'),
    passwordMinLength: whole('passwordMinLength', 'characters'),
    /** Every user must sign in with a second factor; one without it is sent to set it up after sign-in. */
    twoFactorMandatory: flag,
    /** IAM administrators must sign in with a passkey (one without is sent to register one after signing in). */
    passkeysRequiredForIamAdmins: flag,
    auditRetentionDays: retention('auditRetentionDays'),
    transcriptRetentionDays: retention('transcriptRetentionDays'),
    /**
     * Hosts Data Migration's API sources and database connections may reach: only these (none while empty); a host
     * inside the network (loopback, private, link-local such as a cloud metadata address) only when listed by its own
     * name or address, not through a `*.domain` entry.
     */
    apiSourceHosts,
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.sessionIdleMinutes > v.sessionAbsoluteHours * 60) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ['sessionIdleMinutes'],
        message: 'The idle lifetime cannot be longer than the absolute lifetime.',
      });
    }
  });
export type SystemSettings = z.infer<typeof SystemSettingsSchema>;

/**
 * The organisation as the product ships it: the name, mission and vision that settings show and the sign-in panel
 * reads until an administrator changes them. One source: the API's defaults, and what the console shows when it
 * cannot reach the API. An emptied mission or vision is this text again.
 */
export const DEFAULT_ORGANISATION = {
  organisationName: 'Mabini State University',
  mission:
    'To provide accessible, relevant and quality higher education, advanced research and extension services that develop competent, ethical and service-oriented graduates for the nation.',
  vision: 'A premier state university of excellence, innovation and inclusive growth in the region and beyond.',
} as const;

/** What the sign-in panel shows (public: read by `/auth` before anyone signs in). */
export const SignInPanelSchema = z.object({
  organisationName: z.string(),
  logoUrl: z.string().nullable(),
  mission: z.string(),
  vision: z.string(),
});
export type SignInPanel = z.infer<typeof SignInPanelSchema>;

/** The settings as an administrator reads them: the stored values plus the outbound mail, masked. */
export const SettingsViewSchema = z.object({
  settings: z.object({
    organisationName: z.string(),
    logoUrl: z.string().nullable(),
    mission: z.string(),
    vision: z.string(),
    timeZone: z.string(),
    lockoutThreshold: z.number(),
    lockoutMinutes: z.number(),
    sessionIdleMinutes: z.number(),
    sessionAbsoluteHours: z.number(),
    passwordMinLength: z.number(),
    twoFactorMandatory: z.boolean(),
    passkeysRequiredForIamAdmins: z.boolean(),
    auditRetentionDays: z.number().nullable(),
    transcriptRetentionDays: z.number().nullable(),
    apiSourceHosts: z.array(z.string()),
  }),
  /** `SMTP_URL` with its password masked, or null when mail goes to the outbox. */
  smtpUrl: z.string().nullable(),
  mailFrom: z.string(),
  updatedAt: z.string().nullable(),
});
export type SettingsView = z.infer<typeof SettingsViewSchema>;

/** `smtp://user:secret@host:25` → `smtp://user:••••••@host:25`; the password never leaves the server. */
export function maskSmtpUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '••••••';
    return decodeURI(parsed.toString());
  } catch {
    return '••••••';
  }
}

export const TestEmailSchema = z.object({ to: z.string().trim().email('Enter an email address.').max(254) }).strict();
