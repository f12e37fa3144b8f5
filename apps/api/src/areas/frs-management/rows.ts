import type { Device, Enrolment } from '@campus/api-contract';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString());

export interface DeviceDbRow {
  id: string;
  name: string;
  campus: string;
  building: string;
  coordinates: string;
  geofence_radius: number;
  require_liveness: boolean;
  key_prefix: string;
  is_active: boolean;
  last_seen_at: unknown;
  created_at: unknown;
  updated_at: unknown;
}

export const DEVICE_COLUMNS =
  'id, name, campus, building, coordinates, geofence_radius, require_liveness, key_prefix, is_active, last_seen_at, created_at, updated_at';

export function deviceOf(row: DeviceDbRow): Device {
  return {
    _id: row.id,
    name: row.name,
    campus: row.campus,
    building: row.building,
    coordinates: row.coordinates,
    geofenceRadius: row.geofence_radius,
    requireLiveness: row.require_liveness,
    keyPrefix: row.key_prefix,
    isActive: row.is_active,
    lastSeenAt: iso(row.last_seen_at),
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}

export interface EnrolmentDbRow {
  id: string;
  employee_id: string;
  employee_number: string | null;
  first_name: string;
  last_name: string;
  photo_count: number | string;
  consent_given_at: unknown;
  consent_recorded_by_id: string;
  consent_note: string | null;
  created_at: unknown;
  updated_at: unknown;
}

export const ENROLMENT_SELECT = `select e.id, e.employee_id, m.employee_number, m.first_name, m.last_name,
  (select count(*) from frs_face_photos p where p.enrolment_id = e.id) as photo_count,
  e.consent_given_at, e.consent_recorded_by_id, e.consent_note, e.created_at, e.updated_at
  from frs_enrolments e join employees m on m.id = e.employee_id`;

export function enrolmentOf(row: EnrolmentDbRow): Enrolment {
  return {
    _id: row.id,
    employeeId: row.employee_id,
    employeeNumber: row.employee_number,
    employeeName: `${row.last_name}, ${row.first_name}`,
    photoCount: Number(row.photo_count),
    consentGivenAt: iso(row.consent_given_at)!,
    consentRecordedById: row.consent_recorded_by_id,
    consentNote: row.consent_note,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
  };
}
