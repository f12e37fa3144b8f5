import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ClockResult } from '@campus/api-contract';
import {
  decideIdentity,
  insideGeofence,
  LIVENESS_CHALLENGES,
  MAX_PHOTO_BYTES,
  passesLiveness,
  type LivenessChallenge,
} from '@campus/domain-frs';
import { parseCoordinates, readCoordinates } from '@campus/domain-hr';
import { rows, type Db } from '../../../platform/db/client.js';
import { HttpError } from '../../../platform/http/errors.js';
import { writeClockEvent } from '../attendance.js';
import { authenticateDevice, type DeviceRow } from '../device-keys.js';
import { readUpload, type UploadLimits } from '../../../platform/http/multipart.js';
import { UnsupportedImageError, type IdentifiedFace } from '../recognition/recognizer.js';
import { deviceActor, photoMessages, type FrsState } from '../state.js';

interface AttemptFields {
  outcome: ClockResult['outcome'];
  reason?: string | null;
  employeeId?: string | null;
  score?: number | null;
  secondScore?: number | null;
  face?: IdentifiedFace | null;
  challenge?: string | null;
  coordinates: string | null;
  outsideGeofence: boolean;
  action?: string | null;
  timesheetId?: string | null;
}

/** Every attempt is logged with its scores; no photo is kept, of strangers or anyone. */
async function logAttempt(db: Db, device: DeviceRow, a: AttemptFields, at: Date): Promise<void> {
  await db.execute(
    sql`insert into frs_attempts (device_id, outcome, reason, employee_id, score, second_score, antispoof_score, liveness_score,
                                  challenge, coordinates, outside_geofence, action, timesheet_id, created_at)
        values (${device.id}, ${a.outcome}, ${a.reason ?? null}, ${a.employeeId ?? null}, ${a.score ?? null}, ${a.secondScore ?? null},
                ${a.face?.antispoof ?? null}, ${a.face?.liveness ?? null}, ${a.challenge ?? null}, ${a.coordinates},
                ${a.outsideGeofence}, ${a.action ?? null}, ${a.timesheetId ?? null}, ${at.toISOString()})`,
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Takes the challenge the server issued to this device (by the id the request carries) out of the store, so it is
 * answered once: the head turn it asked for, or why there is none to answer (unknown, used, another device's,
 * or past its minute).
 */
async function takeChallenge(db: Db, device: DeviceRow, id: string | undefined, now: Date): Promise<{ code: LivenessChallenge } | { reason: string }> {
  if (!id || !UUID.test(id.trim())) return { reason: 'challenge-missing' };
  const [taken] = await rows<{ code: string; expired: boolean }>(
    db,
    sql`delete from frs_challenges where id = ${id.trim()} and device_id = ${device.id}
        returning code, expires_at <= ${now.toISOString()} as expired`,
  );
  if (!taken) return { reason: 'challenge-unknown-or-used' };
  if (taken.expired) return { reason: 'challenge-expired' };
  const code = LIVENESS_CHALLENGES.find((c) => c === taken.code);
  return code ? { code } : { reason: 'challenge-unknown-or-used' };
}

/** The largest face that counts, or null. */
function mainFace(faces: readonly IdentifiedFace[], minScore: number): IdentifiedFace | null {
  let best: IdentifiedFace | null = null;
  for (const f of faces) {
    if (f.score < minScore) continue;
    if (!best || f.box[2] * f.box[3] > best.box[2] * best.box[3]) best = f;
  }
  return best;
}

const result = (r: Partial<ClockResult> & Pick<ClockResult, 'outcome' | 'message' | 'outsideGeofence'>): ClockResult => ({
  employee: null,
  action: null,
  date: null,
  time: null,
  dailyRecord: null,
  ...r,
});

/** The clock form: the photo and, for liveness, a second frame, decoded from memory. */
const CLOCK_UPLOAD: UploadLimits<'memory'> = { store: 'memory', fileSize: MAX_PHOTO_BYTES, files: 2, messages: photoMessages(2) };

/**
 * A clock event from a device: the device key first (401 for a missing, unknown or inactive device), then the
 * photo is identified — the best match only counts above the threshold and ahead of the second-best by the
 * margin — and a recognised person gets a time in or time out with the day recomputed. Coordinates outside the
 * device's geofence are recorded and flagged, not refused.
 */
export async function clock(state: FrsState, request: FastifyRequest) {
  const { db, config } = state.ctx;
  const device = await authenticateDevice(db, request, config.now());
  const form = await readUpload(request, CLOCK_UPLOAD);
  const photo = form.files.find((f) => f.field === 'photo');
  if (!photo) throw new HttpError(400, 'Take or choose a photo.', { photo: ['Take or choose a photo.'] });
  const coordinatesText = form.fields.coordinates?.trim() || null;
  let coordinates: string | null = null;
  if (coordinatesText) {
    const read = readCoordinates(coordinatesText);
    if (!read.ok) throw new HttpError(400, read.message, { coordinates: [read.message] });
    coordinates = `${read.value.latitude}, ${read.value.longitude}`;
  }
  const centre = parseCoordinates(device.coordinates);
  const point = parseCoordinates(coordinates);
  const outsideGeofence = Boolean(centre && point && !insideGeofence(centre, device.geofence_radius, point));
  const settings = await state.settings();
  const at = config.now();
  // A challenge is spent by the request that carries it, whatever the photos show: each is answered once.
  const issued = device.require_liveness ? await takeChallenge(db, device, form.fields.challenge, at) : null;

  const analyse = async (bytes: Buffer, field: string) => {
    try {
      return await state.recognizer.identify(bytes);
    } catch (error) {
      if (error instanceof UnsupportedImageError) throw new HttpError(400, error.message, { [field]: [error.message] });
      throw error;
    }
  };
  const face = mainFace((await analyse(photo.bytes, 'photo')).faces, settings.minFaceScore);
  if (!face) {
    await logAttempt(db, device, { outcome: 'no-face', coordinates, outsideGeofence }, at);
    return { status: 200 as const, body: { data: result({ outcome: 'no-face', message: 'No face was found. Look at the camera and try again.', outsideGeofence }) } };
  }

  let challenge: LivenessChallenge | null = null;
  if (issued) {
    // The answer is checked against the challenge this server issued and remembered, never one the request names.
    const second = form.files.find((f) => f.field === 'photo2');
    challenge = 'code' in issued ? issued.code : null;
    const secondFace = challenge && second ? mainFace((await analyse(second.bytes, 'photo2')).faces, settings.minFaceScore) : null;
    if (!challenge || !secondFace || !passesLiveness(challenge, face.yaw, secondFace.yaw, settings)) {
      await logAttempt(db, device, { outcome: 'liveness-failed', reason: 'reason' in issued ? issued.reason : null, face, challenge, coordinates, outsideGeofence }, at);
      return {
        status: 200 as const,
        body: { data: result({ outcome: 'liveness-failed', message: 'The liveness check failed: turn your head as asked and try again.', outsideGeofence }) },
      };
    }
  }

  const identity = decideIdentity(state.index.bestTwo(face.embedding), settings);
  if (identity.status === 'unknown') {
    await logAttempt(db, device, { outcome: 'unknown', reason: identity.reason, score: identity.score, secondScore: identity.secondScore, face, challenge, coordinates, outsideGeofence }, at);
    return { status: 200 as const, body: { data: result({ outcome: 'unknown', message: 'Face not recognised. Ask HR to enrol you.', outsideGeofence }) } };
  }

  const clocked = await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [employee] = await rows<{ id: string; first_name: string; last_name: string; employee_number: string | null }>(
      tx,
      sql`select id, first_name, last_name, employee_number from employees where id = ${identity.personId}`,
    );
    if (!employee) return null;
    const write = await writeClockEvent(tx, {
      employeeId: employee.id,
      at,
      timeZone: state.timeZone,
      coordinates,
      deviceName: device.name,
      actor: deviceActor(request),
    });
    await logAttempt(
      tx,
      device,
      { outcome: 'matched', employeeId: employee.id, score: identity.score, secondScore: identity.secondScore, face, challenge, coordinates, outsideGeofence, action: write.action, timesheetId: write.timesheetId },
      at,
    );
    return { employee, write };
  });
  if (!clocked) {
    await logAttempt(db, device, { outcome: 'unknown', reason: 'employee-deleted', score: identity.score, face, coordinates, outsideGeofence }, at);
    return { status: 200 as const, body: { data: result({ outcome: 'unknown', message: 'Face not recognised. Ask HR to enrol you.', outsideGeofence }) } };
  }
  const { employee, write } = clocked;
  const name = `${employee.first_name} ${employee.last_name}`;
  return {
    status: 200 as const,
    body: {
      data: result({
        outcome: 'matched',
        message: `${write.action === 'time-in' ? 'Time in' : 'Time out'} recorded for ${name} at ${write.time}.${outsideGeofence ? ' (outside the device’s area; flagged)' : ''}`,
        employee: { _id: employee.id, name, employeeNumber: employee.employee_number },
        action: write.action,
        date: write.date,
        time: write.time,
        outsideGeofence,
        dailyRecord: write.dailyRecord,
      }),
    },
  };
}
