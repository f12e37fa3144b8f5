import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { FrsSettingsSchema } from '@campus/domain-frs';
import { dataBody, ErrorBodySchema, listBody } from './errors.js';

const c = initContract();

/** Base path of the face-recognition API (spec §7). */
export const FRS_BASE = '/face-recognition/v1.0';
/** The header a registered device sends its key in. */
export const DEVICE_KEY_HEADER = 'x-device-key';

const FRS = { application: 'FRS' } as const;
/** Device routes authenticate with the device key in their handler (no user token), and fail closed there. */
const DEVICE = { public: true, deviceKey: true } as const;

const COORDINATES = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*,\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;
const COORDINATES_MESSAGE = 'Enter coordinates as "latitude, longitude", e.g. "14.5995, 120.9842".';
const text = (max: number) => z.string().trim().min(1, 'Required').max(max, `At most ${max} characters.`);

export const EnrolmentSchema = z.object({
  _id: z.string().uuid(),
  employeeId: z.string().uuid(),
  employeeNumber: z.string().nullable(),
  employeeName: z.string(),
  photoCount: z.number().int(),
  consentGivenAt: z.string(),
  consentRecordedById: z.string().uuid(),
  consentNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Enrolment = z.infer<typeof EnrolmentSchema>;

/**
 * The enrolment form, sent as `multipart/form-data`: the employee, the consent, and 3 to 5 photos (`photos`,
 * JPEG or PNG). Fields are checked by the API; a rejected photo comes back as `fieldErrors['photos.N']`.
 */
export interface EnrolFaceForm {
  employeeId: string;
  /** `on` / `true` when the person's consent was obtained. */
  consent: string;
  /** When the consent was given (`yyyy-mm-dd` or date and time). */
  consentGivenAt: string;
  consentNote?: string;
  photos: Blob[];
}

export const DeviceSchema = z.object({
  _id: z.string().uuid(),
  name: z.string(),
  campus: z.string(),
  building: z.string(),
  coordinates: z.string(),
  geofenceRadius: z.number().int(),
  requireLiveness: z.boolean(),
  keyPrefix: z.string(),
  isActive: z.boolean(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Device = z.infer<typeof DeviceSchema>;

export const DeviceInputSchema = z
  .object({
    name: text(150),
    campus: text(150),
    building: text(150),
    coordinates: z.string().trim().regex(COORDINATES, COORDINATES_MESSAGE),
    geofenceRadius: z.coerce.number().int('Enter whole metres.').min(1, 'At least 1 metre.').max(100_000, 'At most 100000 metres.'),
    requireLiveness: z.boolean().default(false),
    isActive: z.boolean().default(true),
  })
  .strict();
export const DeviceUpdateSchema = DeviceInputSchema.partial().strict();

/** A device with its API key: answered once, at creation and at each rotation. */
export const DeviceWithKeySchema = z.object({ device: DeviceSchema, apiKey: z.string() });

export const AttemptSchema = z.object({
  _id: z.string().uuid(),
  deviceId: z.string().uuid().nullable(),
  deviceName: z.string().nullable(),
  outcome: z.enum(['matched', 'unknown', 'no-face', 'liveness-failed']),
  reason: z.string().nullable(),
  employeeId: z.string().uuid().nullable(),
  employeeName: z.string().nullable(),
  score: z.number().nullable(),
  secondScore: z.number().nullable(),
  antispoofScore: z.number().nullable(),
  livenessScore: z.number().nullable(),
  coordinates: z.string().nullable(),
  outsideGeofence: z.boolean(),
  action: z.string().nullable(),
  createdAt: z.string(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

export const DailyRecordSummarySchema = z.object({
  _id: z.string().uuid(),
  date: z.string(),
  statuses: z.array(z.number().int()),
  totalDuration: z.number().int(),
  tardinessDuration: z.number().int(),
  undertimeDuration: z.number().int(),
  lwopDuration: z.number().int(),
  /** The timesheet day status to colour the day with (`timesheetColor`). */
  dayStatus: z.string(),
});

export const ClockResultSchema = z.object({
  outcome: z.enum(['matched', 'unknown', 'no-face', 'liveness-failed']),
  message: z.string(),
  employee: z.object({ _id: z.string().uuid(), name: z.string(), employeeNumber: z.string().nullable() }).nullable(),
  action: z.enum(['time-in', 'time-out']).nullable(),
  date: z.string().nullable(),
  time: z.string().nullable(),
  outsideGeofence: z.boolean(),
  dailyRecord: DailyRecordSummarySchema.nullable(),
});
export type ClockResult = z.infer<typeof ClockResultSchema>;

/**
 * The clock form, `multipart/form-data`: `photo` (JPEG or PNG), optional `coordinates` (`'latitude, longitude'`),
 * and for devices that require liveness `challenge` — the `id` of the challenge `getKiosk` issued to this device,
 * answered once and within its minute — with the second frame `photo2`. The server checks the head turn against
 * the challenge it issued, never against one the device names.
 */
export interface ClockForm {
  photo: Blob;
  photo2?: Blob;
  challenge?: string;
  coordinates?: string;
}

export const KioskSchema = z.object({
  device: z.object({ name: z.string(), campus: z.string(), building: z.string(), requireLiveness: z.boolean() }),
  /** Issued to this device and remembered by the server: single use, until `expiresAt` (about a minute). */
  challenge: z.object({ id: z.string().uuid(), code: z.string(), prompt: z.string(), expiresAt: z.string() }).nullable(),
});

const MessageSchema = z.object({ message: z.string() });
const PageQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100, 'limit is at most 100.').default(20),
  })
  .strict();
const multipart = 'multipart/form-data' as const;

/** Face registration, devices and their places, the attempts log, settings, and the device-facing clock. */
export const frsContract = c.router({
  listFaces: {
    method: 'GET',
    path: `${FRS_BASE}/faces`,
    query: PageQuerySchema,
    responses: { 200: listBody(EnrolmentSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Enrolled employees and their consent records',
  },
  enrolFace: {
    method: 'POST',
    path: `${FRS_BASE}/faces`,
    contentType: multipart,
    body: c.type<EnrolFaceForm>(),
    responses: { 201: dataBody(EnrolmentSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 413: ErrorBodySchema },
    metadata: FRS,
    summary: 'Enrol (or re-enrol, replacing) an employee from 3 to 5 photos, with their consent',
  },
  deleteFace: {
    method: 'DELETE',
    path: `${FRS_BASE}/faces/:employeeId`,
    pathParams: z.object({ employeeId: z.string().uuid('Unknown employee.') }),
    body: c.noBody(),
    responses: { 200: dataBody(MessageSchema), 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
    metadata: FRS,
    summary: 'Delete every photo, embedding and thumbnail of an employee',
  },
  listDevices: {
    method: 'GET',
    path: `${FRS_BASE}/devices`,
    query: PageQuerySchema,
    responses: { 200: listBody(DeviceSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Registered devices and their locations',
  },
  createDevice: {
    method: 'POST',
    path: `${FRS_BASE}/devices`,
    body: DeviceInputSchema,
    responses: { 201: dataBody(DeviceWithKeySchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Register a device; its API key is answered once',
  },
  updateDevice: {
    method: 'PATCH',
    path: `${FRS_BASE}/devices/:id`,
    pathParams: z.object({ id: z.string().uuid('Unknown device.') }),
    body: DeviceUpdateSchema,
    responses: { 200: dataBody(DeviceSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
    metadata: FRS,
    summary: 'Change a device, its place or its active flag',
  },
  rotateDeviceKey: {
    method: 'POST',
    path: `${FRS_BASE}/devices/:id/rotate-key`,
    pathParams: z.object({ id: z.string().uuid('Unknown device.') }),
    body: c.noBody(),
    responses: { 200: dataBody(DeviceWithKeySchema), 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema },
    metadata: FRS,
    summary: 'Replace a device key; the old one stops working at once',
  },
  listAttempts: {
    method: 'GET',
    path: `${FRS_BASE}/attempts`,
    query: PageQuerySchema,
    responses: { 200: listBody(AttemptSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Every clock attempt with its scores, newest first',
  },
  getSettings: {
    method: 'GET',
    path: `${FRS_BASE}/settings`,
    responses: { 200: dataBody(FrsSettingsSchema), 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Recognition settings',
  },
  updateSettings: {
    method: 'PUT',
    path: `${FRS_BASE}/settings`,
    body: FrsSettingsSchema.partial().strict(),
    responses: { 200: dataBody(FrsSettingsSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema },
    metadata: FRS,
    summary: 'Change recognition settings',
  },
  getKiosk: {
    method: 'GET',
    path: `${FRS_BASE}/kiosk`,
    responses: { 200: dataBody(KioskSchema), 401: ErrorBodySchema },
    metadata: DEVICE,
    summary: 'The calling device (by its key) and, when it requires one, a liveness challenge',
  },
  clock: {
    method: 'POST',
    path: `${FRS_BASE}/clock`,
    contentType: multipart,
    body: c.type<ClockForm>(),
    responses: { 200: dataBody(ClockResultSchema), 400: ErrorBodySchema, 401: ErrorBodySchema, 413: ErrorBodySchema },
    metadata: DEVICE,
    summary: 'Clock in or out at a device: identify the face, write the timesheet and recompute the day',
  },
});
