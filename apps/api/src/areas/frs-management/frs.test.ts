import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeEnvelope } from '@campus/api-contract';
import { buildApp } from '../../app.js';
import { openDatabase, rows, type Database } from '../../platform/db/client.js';
import { ENCRYPTION_KEY, startTestApi, testDatabaseUrls, type TestApi } from '../../test/harness.js';
import { sharedRecognizer } from './recognition/recognizer.js';
import { multipartForm } from '../../test/multipart-form.js';
import { mirrored, SAMPLES } from './test/samples.js';

// Real models on a shared 2-core machine: a photo can take many seconds of waiting for a core, so the tests get room.
vi.setConfig({ testTimeout: 120_000 });

const BASE = '/face-recognition/v1.0';
/** Campus centre of the test device; 0.001° of latitude is about 111 m. */
const CENTRE = '14.6537, 121.0685';

let api: TestApi;
let token: string;
let second: FastifyInstance;
let secondDatabase: Database;
let employeeId: string;
let deviceKey: string;
let deviceId: string;

async function send(app: FastifyInstance, method: 'POST' | 'GET', url: string, form: ReturnType<typeof multipartForm> | null, headers: Record<string, string>) {
  const raw = await app.inject({ method, url, headers: { ...headers, ...(form?.headers ?? {}) }, ...(form ? { payload: form.payload } : {}) });
  const text = raw.body;
  return { status: raw.statusCode, body: text.startsWith('v1.') ? (decodeEnvelope(text, ENCRYPTION_KEY) as any) : JSON.parse(text) }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const clockAt = (app: FastifyInstance, photo: Buffer, fields: Record<string, string> = {}, key = deviceKey) =>
  send(app, 'POST', `${BASE}/clock`, multipartForm(fields, [{ field: 'photo', bytes: photo }]), { 'x-device-key': key });

beforeAll(async () => {
  // The models load once, here, as the API does at start (the test runner skips that warm-up).
  await sharedRecognizer().warm();
  api = await startTestApi();
  token = await api.signIn('admin@example.edu');
  // A second API process on the same database: a separate connection pool on PostgreSQL.
  const url = testDatabaseUrls.get(api.database);
  secondDatabase = url ? await openDatabase({ databaseUrl: url, poolSize: 4 }) : api.database;
  second = await buildApp({ config: api.config, database: secondDatabase, logger: false });
  const db = api.database.db;
  const [employee] = await rows<{ id: string }>(
    db,
    sql`insert into employees (employee_number, first_name, last_name, employee_type) values ('EMP-0420', 'Vladimir', 'Mandic', 'Regular') returning id`,
  );
  employeeId = employee!.id;
  const [schedule] = await rows<{ id: string }>(db, sql`insert into hr_schedules (name, grace_period_minutes, work_arrangement) values ('Regular 8 to 5', 15, 1) returning id`);
  for (const day of [1, 2, 3, 4, 5]) {
    await db.execute(
      sql`insert into hr_schedule_items (schedule_id, day, time_in, time_out, break_start, break_end) values (${schedule!.id}, ${day}, '08:00:00', '17:00:00', '12:00:00', '13:00:00')`,
    );
  }
  await db.execute(sql`insert into employee_schedules (employee_id, schedule_id, effective_from) values (${employeeId}, ${schedule!.id}, '2026-01-01')`);
  return async () => {
    await second.close();
    if (secondDatabase !== api.database) await secondDatabase.close();
  };
}, 300_000);

describe('permissions', () => {
  it('refuses the FRS screens to a user without FRS (403) and to nobody signed in (401)', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', `${BASE}/faces`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/devices`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${BASE}/faces`)).status).toBe(401);
  });
});

describe('devices', () => {
  it('registers a device and shows its key once; a wrong, rotated or deactivated key gets 401', async () => {
    const created = await api.call('POST', `${BASE}/devices`, {
      token,
      body: { name: 'Main gate kiosk', campus: 'Diliman', building: 'Admin Building', coordinates: CENTRE, geofenceRadius: 150 },
    });
    expect(created.status).toBe(201);
    deviceKey = created.body.data.apiKey;
    deviceId = created.body.data.device._id;
    expect(deviceKey).toMatch(/^frs\./);
    const listed = await api.call('GET', `${BASE}/devices`, { token });
    expect(JSON.stringify(listed.body)).not.toContain(deviceKey);
    const [stored] = await rows<{ key_hash: string }>(api.database.db, sql`select key_hash from frs_devices where id = ${deviceId}`);
    expect(stored!.key_hash).not.toContain(deviceKey);

    expect((await send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': deviceKey })).body.data.device.name).toBe('Main gate kiosk');
    expect((await send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': 'frs.wrong' })).status).toBe(401);
    expect((await send(api.app, 'GET', `${BASE}/kiosk`, null, {})).status).toBe(401);
    expect((await clockAt(api.app, SAMPLES.author.probe(), {}, 'frs.wrong')).status).toBe(401);

    const rotated = await api.call('POST', `${BASE}/devices/${deviceId}/rotate-key`, { token });
    expect((await send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': deviceKey })).status).toBe(401);
    deviceKey = rotated.body.data.apiKey;
    await api.call('PATCH', `${BASE}/devices/${deviceId}`, { token, body: { isActive: false } });
    expect((await send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': deviceKey })).status).toBe(401);
    const active = await api.call('PATCH', `${BASE}/devices/${deviceId}`, { token, body: { isActive: true } });
    expect(active.body.data.isActive).toBe(true);
    expect(active.body.data.lastSeenAt).not.toBeNull();
  });

  it('rejects coordinates that are not "latitude, longitude"', async () => {
    const bad = await api.call('POST', `${BASE}/devices`, {
      token,
      body: { name: 'Bad', campus: 'Diliman', building: 'Hall', coordinates: '95, 10', geofenceRadius: 50 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.coordinates).toEqual(['Latitude must be between -90 and 90.']);
  });
});

describe('enrolment', () => {
  const enrol = (fields: Record<string, string>, photos: Buffer[]) =>
    send(api.app, 'POST', `${BASE}/faces`, multipartForm(fields, photos.map((bytes) => ({ field: 'photos', bytes }))), { authorization: `Bearer ${token}` });
  const consent = () => ({ employeeId, consent: 'on', consentGivenAt: '2026-11-20', consentNote: 'Signed form kept by HR' });

  it('requires the consent record and 3 to 5 photos', async () => {
    const result = await enrol({ employeeId }, [SAMPLES.noFace()]);
    expect(result.status).toBe(400);
    expect(result.body.fieldErrors.consent).toEqual(['Record the consent of the person before enrolling their face.']);
    expect(result.body.fieldErrors.photos).toEqual(['Add 3 to 5 photos of the person.']);
  });

  it('rejects a photo with no face and one with several faces, saying which and why', async () => {
    const result = await enrol(consent(), [SAMPLES.noFace(), SAMPLES.group(), SAMPLES.author.enrol[0]!()]);
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('Photo 1: No face was found in this photo.');
    expect(result.body.fieldErrors).toEqual({
      'photos.1': ['No face was found in this photo.'],
      'photos.2': ['This photo shows more than one face; use a photo of this person alone.'],
    });
    expect(await rows(api.database.db, sql`select id from frs_enrolments`)).toEqual([]);
  });

  it('enrols from three photos, sealed at rest, and another API process learns of it', async () => {
    let announce!: (employeeId: string) => void;
    const heard = new Promise<string>((resolve) => (announce = resolve));
    const stop = await secondDatabase.listen('frs_faces', (payload) => announce(payload));
    const result = await enrol(consent(), SAMPLES.author.enrol.map((photo) => photo()));
    expect(result.status).toBe(201);
    expect(result.body.data).toMatchObject({ employeeId, photoCount: 3, employeeName: 'Mandic, Vladimir', consentNote: 'Signed form kept by HR' });
    expect(await heard).toBe(employeeId);
    await stop();

    const stored = await rows<{ photo: Buffer; embedding: Buffer; thumbnail: Buffer }>(api.database.db, sql`select photo, embedding, thumbnail from frs_face_photos`);
    expect(stored).toHaveLength(3);
    for (const row of stored) {
      const photo = Buffer.from(row.photo);
      expect(photo.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(false);
      expect(photo.includes(SAMPLES.author.enrol[0]!().subarray(100, 164))).toBe(false);
      expect(Buffer.from(row.embedding).length).toBe(1 + 12 + 16 + 1024 * 4);
      expect(Buffer.from(row.thumbnail).subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(false);
    }
  });
});

describe('clock', () => {
  it('recognises the person from another photo on the other process: time in, late → tardiness', async () => {
    // 08:42:10 in Manila, a Monday; the official time is 08:00 with 15 minutes of grace.
    api.clock.current = new Date('2026-11-23T00:42:10Z');
    // The other process reloads the person when the notification arrives; wait for its index to have them.
    for (let i = 0; i < 100 && !second.frs.index.search(new Float32Array(1024).fill(1)).some((c) => c.personId === employeeId); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const result = await clockAt(second, SAMPLES.author.probe(), { coordinates: '14.6540, 121.0686' });
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      outcome: 'matched',
      action: 'time-in',
      date: '2026-11-23',
      time: '08:42:10',
      outsideGeofence: false,
      employee: { _id: employeeId, name: 'Vladimir Mandic' },
      dailyRecord: { statuses: [1, 6], tardinessDuration: 42 * 60 + 10, dayStatus: 'LATE' },
    });
  });

  it('a stranger is unknown, logged with scores and no person', async () => {
    const result = await clockAt(api.app, SAMPLES.stranger());
    expect(result.body.data).toMatchObject({ outcome: 'unknown', employee: null, dailyRecord: null });
    const [attempt] = (await api.call('GET', `${BASE}/attempts`, { token })).body.rows;
    expect(attempt).toMatchObject({ outcome: 'unknown', employeeId: null, deviceName: 'Main gate kiosk' });
    expect(attempt.score).toBeLessThan(0.6);
    expect(attempt.antispoofScore).toBeGreaterThan(0);
  });

  it('leaving early outside the geofence: time out recorded but flagged, undertime computed', async () => {
    api.clock.current = new Date('2026-11-23T07:30:00Z'); // 15:30:00
    const result = await clockAt(api.app, SAMPLES.author.probe(), { coordinates: '14.6600, 121.0685' });
    expect(result.body.data).toMatchObject({ outcome: 'matched', action: 'time-out', time: '15:30:00', outsideGeofence: true });
    const worked = 15.5 * 3600 - (8 * 3600 + 42 * 60 + 10) - 3600;
    expect(result.body.data.dailyRecord).toMatchObject({
      statuses: [1, 3, 5, 6],
      tardinessDuration: 2530,
      undertimeDuration: 90 * 60,
      totalDuration: worked,
      lwopDuration: 0,
    });

    const records = await api.call('GET', `/core/v1.0/daily-time-records?search=employeeId:${employeeId}`, { token });
    expect(records.body.rows).toHaveLength(1);
    expect(records.body.rows[0]).toMatchObject({ date: '2026-11-23', statuses: [1, 3, 5, 6], tardinessDuration: 2530, undertimeDuration: 5400 });
    const sheets = await api.call('GET', `/core/v1.0/timesheets?search=recordId:${records.body.rows[0]._id}`, { token });
    expect(sheets.body.rows).toHaveLength(1);
    expect(sheets.body.rows[0]).toMatchObject({
      timeIn: '08:42:10',
      timeOut: '15:30:00',
      timeInDeviceType: 3,
      timeOutDeviceType: 3,
      timeInCoordination: '14.654, 121.0686',
      timeOutCoordination: '14.66, 121.0685',
      duration: 15.5 * 3600 - (8 * 3600 + 42 * 60 + 10),
      isAdjusted: false,
    });
    const flagged = (await api.call('GET', `${BASE}/attempts`, { token })).body.rows[0];
    expect(flagged).toMatchObject({ outcome: 'matched', outsideGeofence: true, action: 'time-out', employeeId });
  });
});

describe('liveness', () => {
  const kiosk = () => send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': deviceKey });
  const clockTwice = (first: Buffer, second: Buffer, fields: Record<string, string>) =>
    send(
      api.app,
      'POST',
      `${BASE}/clock`,
      multipartForm(fields, [
        { field: 'photo', bytes: first },
        { field: 'photo2', bytes: second },
      ]),
      { 'x-device-key': deviceKey },
    );
  const latestAttempt = async () => (await rows<{ outcome: string; reason: string | null; challenge: string | null }>(api.database.db, sql`select outcome, reason, challenge from frs_attempts order by created_at desc limit 1`))[0]!;

  /**
   * A still photo and its mirror image, in the order that passes a head turn to the given side: the "turn"
   * between them is the mirror's, which a printed photo can fake. Only binding the answer to the challenge the
   * server issued, once, stops it.
   */
  let photo: Buffer;
  let mirror: Buffer;
  let photoFirstTurnsLeft: boolean;
  const ordered = (code: string): [Buffer, Buffer] => ((code === 'turn-left') === photoFirstTurnsLeft ? [photo, mirror] : [mirror, photo]);

  beforeAll(async () => {
    await api.call('PATCH', `${BASE}/devices/${deviceId}`, { token, body: { requireLiveness: true } });
    photo = SAMPLES.author.probe();
    mirror = mirrored(photo);
    const [a] = (await sharedRecognizer().identify(photo)).faces;
    const [b] = (await sharedRecognizer().identify(mirror)).faces;
    photoFirstTurnsLeft = b!.yaw > a!.yaw;
    // Whatever the sample's pose, the pair must clear the turn the settings ask for: the attack passes the pose check.
    const turn = Math.abs(b!.yaw - a!.yaw);
    await api.call('PUT', `${BASE}/settings`, { token, body: { livenessTurn: Math.min(0.2, turn / 2) } });
    api.clock.current = new Date('2026-11-23T08:00:00Z'); // 16:00 in Manila, the same Monday (the session stays fresh)
    return async () => {
      await api.call('PATCH', `${BASE}/devices/${deviceId}`, { token, body: { requireLiveness: false } });
    };
  });

  it('a device that requires liveness refuses a single still photo, and logs the attempt', async () => {
    const issued = await kiosk();
    expect(['turn-left', 'turn-right']).toContain(issued.body.data.challenge.code);
    const result = await clockAt(api.app, SAMPLES.author.probe(), { challenge: issued.body.data.challenge.id });
    expect(result.body.data).toMatchObject({ outcome: 'liveness-failed', employee: null });
    const [attempt] = (await api.call('GET', `${BASE}/attempts`, { token })).body.rows;
    expect(attempt).toMatchObject({ outcome: 'liveness-failed', employeeId: null });
  });

  it('checks the answer against the challenge the server issued, not one the request names', async () => {
    const { challenge } = (await kiosk()).body.data;
    const other = challenge.code === 'turn-left' ? 'turn-right' : 'turn-left';
    // The server asked for one turn; the request answers the other, with a photo and its mirror image.
    const answered = await clockTwice(...ordered(other), { challenge: other });
    expect(answered.body.data).toMatchObject({ outcome: 'liveness-failed', employee: null });
    const wrongTurn = await clockTwice(...ordered(other), { challenge: challenge.id });
    expect(wrongTurn.body.data).toMatchObject({ outcome: 'liveness-failed', employee: null });
    expect(await latestAttempt()).toMatchObject({ outcome: 'liveness-failed', challenge: challenge.code });
  });

  it('answers an issued challenge once: the identical request again is refused', async () => {
    const { challenge } = (await kiosk()).body.data;
    expect(challenge.id).toMatch(/^[0-9a-f-]{36}$/);
    const first = await clockTwice(...ordered(challenge.code), { challenge: challenge.id });
    expect(first.body.data).toMatchObject({ outcome: 'matched', employee: { _id: employeeId } });
    const replayed = await clockTwice(...ordered(challenge.code), { challenge: challenge.id });
    expect(replayed.body.data).toMatchObject({ outcome: 'liveness-failed', employee: null });
    expect(await latestAttempt()).toMatchObject({ outcome: 'liveness-failed', reason: 'challenge-unknown-or-used' });
  });

  it("refuses a challenge past its minute, and another device's challenge", async () => {
    const { challenge } = (await kiosk()).body.data;
    api.clock.current = new Date(api.clock.current!.getTime() + 61_000);
    const late = await clockTwice(...ordered(challenge.code), { challenge: challenge.id });
    expect(late.body.data).toMatchObject({ outcome: 'liveness-failed' });
    expect(await latestAttempt()).toMatchObject({ outcome: 'liveness-failed', reason: 'challenge-expired' });

    const created = await api.call('POST', `${BASE}/devices`, {
      token,
      body: { name: 'Library kiosk', campus: 'Diliman', building: 'Library', coordinates: CENTRE, geofenceRadius: 150, requireLiveness: true },
    });
    const theirs = (await send(api.app, 'GET', `${BASE}/kiosk`, null, { 'x-device-key': created.body.data.apiKey })).body.data.challenge;
    const borrowed = await clockTwice(...ordered(theirs.code), { challenge: theirs.id });
    expect(borrowed.body.data).toMatchObject({ outcome: 'liveness-failed' });
    await api.call('PATCH', `${BASE}/devices/${created.body.data.device._id}`, { token, body: { isActive: false } });
  });
});

describe('re-enrolment', () => {
  it('replaces the earlier photos', async () => {
    const form = multipartForm(
      { employeeId, consent: 'on', consentGivenAt: '2026-11-23' },
      SAMPLES.author.enrol.map((photo) => ({ field: 'photos', bytes: photo() })),
    );
    const result = await send(api.app, 'POST', `${BASE}/faces`, form, { authorization: `Bearer ${token}` });
    expect(result.status).toBe(201);
    expect(await rows(api.database.db, sql`select id from frs_face_photos`)).toHaveLength(3);
    const audit = await api.call('GET', `/core/v1.0/audit-trails?resource=faces&recordId=${employeeId}`, { token });
    expect(audit.body.rows.map((r: { activity: string }) => r.activity)).toContain('Re-enrolled a face (previous photos deleted)');
  });
});

describe('deletion', () => {
  it('removes every photo, embedding and thumbnail; the face is no longer recognised', async () => {
    const deleted = await api.call('DELETE', `${BASE}/faces/${employeeId}`, { token });
    expect(deleted.status).toBe(200);
    expect(await rows(api.database.db, sql`select id from frs_enrolments`)).toEqual([]);
    expect(await rows(api.database.db, sql`select id from frs_face_photos`)).toEqual([]);
    const result = await clockAt(api.app, SAMPLES.author.probe());
    expect(result.body.data.outcome).toBe('unknown');
    expect((await api.call('DELETE', `${BASE}/faces/${employeeId}`, { token })).status).toBe(404);
  });
});
