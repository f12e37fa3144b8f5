import { boolean, customType, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { employees } from './hr.js';
import { holidayEntity, leaveEntity } from '@campus/domain-frs';
import { tableFor } from '../table-for.js';

/** Binary data; every biometric value stored here is AES-256-GCM ciphertext (areas/frs-management/sealed.ts). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/** A kiosk or camera allowed to clock people in: its place and geofence, and the hash of its API key. */
export const frsDevices = pgTable(
  'frs_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    campus: text('campus').notNull(),
    building: text('building').notNull(),
    /** `'latitude, longitude'` of the geofence centre. */
    coordinates: text('coordinates').notNull(),
    geofenceRadius: integer('geofence_radius').notNull(),
    requireLiveness: boolean('require_liveness').notNull().default(false),
    /** SHA-256 of the key (hex); the key itself is shown once and never stored. */
    keyHash: text('key_hash').notNull().unique(),
    /** The first characters of the key, to tell keys apart on screen. */
    keyPrefix: text('key_prefix').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }),
    modifiedById: uuid('modified_by_id'),
    ...timestamps,
  },
  (t) => [index('frs_devices_name_idx').on(t.name)],
);

/** An enrolled employee and the consent recorded before enrolment. */
export const frsEnrolments = pgTable('frs_enrolments', {
  id: uuid('id').primaryKey().defaultRandom(),
  employeeId: uuid('employee_id')
    .notNull()
    .unique()
    .references(() => employees.id!, { onDelete: 'cascade' }),
  consentGivenAt: timestamp('consent_given_at', { withTimezone: true, mode: 'date' }).notNull(),
  consentRecordedById: uuid('consent_recorded_by_id').notNull(),
  consentNote: text('consent_note'),
  ...timestamps,
});

/** One enrolment photo: the photo, its face thumbnail and its embedding, each sealed with the biometric key. */
export const frsFacePhotos = pgTable(
  'frs_face_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enrolmentId: uuid('enrolment_id')
      .notNull()
      .references(() => frsEnrolments.id, { onDelete: 'cascade' }),
    photo: bytea('photo').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    embedding: bytea('embedding').notNull(),
    quality: jsonb('quality').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('frs_face_photos_enrolment_idx').on(t.enrolmentId)],
);

/** Every clock attempt, matched or not, with its scores. No photo is kept. */
export const frsAttempts = pgTable(
  'frs_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id').references(() => frsDevices.id, { onDelete: 'set null' }),
    /** matched, unknown, no-face, liveness-failed */
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    employeeId: uuid('employee_id').references(() => employees.id!, { onDelete: 'set null' }),
    score: doublePrecision('score'),
    secondScore: doublePrecision('second_score'),
    antispoofScore: doublePrecision('antispoof_score'),
    livenessScore: doublePrecision('liveness_score'),
    challenge: text('challenge'),
    coordinates: text('coordinates'),
    outsideGeofence: boolean('outside_geofence').notNull().default(false),
    action: text('action'),
    timesheetId: uuid('timesheet_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('frs_attempts_created_idx').on(t.createdAt), index('frs_attempts_employee_idx').on(t.employeeId, t.createdAt)],
);

/** The recognition settings: one row. */
export const frsSettings = pgTable('frs_settings', {
  id: integer('id').primaryKey().default(1),
  settings: jsonb('settings').$type<Record<string, number>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Holidays and filed leave (descriptors of @campus/domain-frs), which the daily time records respect. */
export const holidays = tableFor(holidayEntity);
export const leaves = tableFor(leaveEntity);

/**
 * The daily time records a leave created (days that had none): cancelling the leave removes those that still hold
 * no timesheet, so the days are as if it had never been filed. The table of `daily_time_records` is the HR
 * descriptor's; the link is kept here, beside the leave.
 */
export const frsLeaveRecords = pgTable(
  'frs_leave_records',
  {
    leaveId: uuid('leave_id')
      .notNull()
      .references(() => leaves.id!, { onDelete: 'cascade' }),
    recordId: uuid('record_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.leaveId, t.recordId] }), index('frs_leave_records_record_idx').on(t.recordId)],
);

/** A liveness challenge issued to a kiosk: answered once, within about a minute, by that kiosk only (decision 0053). */
export const frsChallenges = pgTable(
  'frs_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => frsDevices.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('frs_challenges_device_idx').on(t.deviceId, t.expiresAt)],
);
