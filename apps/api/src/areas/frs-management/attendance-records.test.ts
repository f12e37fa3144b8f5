import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows, type Db } from '../../platform/db/client.js';
import { startTestApi, type TestApi } from '../../test/harness.js';

// Manual adjustments of timesheets, holidays and filed leave, and how each recomputes the daily time records.
// No face models are needed here: the records are written through the generic HR and FRS resources.

const B = '/core/v1.0';
let api: TestApi;
let token: string;
let db: Db;
let employeeId: string;

/** The week of 2026-11-16 (Monday): 8 to 5 with a lunch break, 15 minutes of grace. */
const MONDAY = '2026-11-16';
const TUESDAY = '2026-11-17';
const WEDNESDAY = '2026-11-18';
const THURSDAY = '2026-11-19';
const EIGHT_HOURS = 8 * 3600;

const recordOn = async (date: string) =>
  (
    await rows<{ id: string; statuses: number[]; tardiness_duration: number; lwop_duration: number }>(
      db,
      sql`select id, statuses, tardiness_duration, lwop_duration from daily_time_records where employee_id = ${employeeId} and date = ${date}::date and is_active`,
    )
  )[0];

const balance = async () =>
  Number(
    (
      await rows<{ b: number }>(
        db,
        sql`select coalesce(sum(coalesce(credit, 0) - coalesce(debit, 0)), 0)::float8 as b from leave_credits where employee_id = ${employeeId} and type_code = 'VL'`,
      )
    )[0]!.b,
  );

beforeAll(async () => {
  api = await startTestApi();
  token = await api.signIn('admin@example.edu');
  db = api.database.db;
  const [employee] = await rows<{ id: string }>(
    db,
    sql`insert into employees (employee_number, first_name, last_name, employee_type) values ('EMP-0777', 'Maria', 'Clara', 'Regular') returning id`,
  );
  employeeId = employee!.id;
  const [schedule] = await rows<{ id: string }>(db, sql`insert into hr_schedules (name, grace_period_minutes, work_arrangement) values ('Regular 8 to 5', 15, 1) returning id`);
  for (const day of [1, 2, 3, 4, 5]) {
    await db.execute(
      sql`insert into hr_schedule_items (schedule_id, day, time_in, time_out, break_start, break_end) values (${schedule!.id}, ${day}, '08:00:00', '17:00:00', '12:00:00', '13:00:00')`,
    );
  }
  await db.execute(sql`insert into employee_schedules (employee_id, schedule_id, effective_from) values (${employeeId}, ${schedule!.id}, '2026-01-01')`);
  await db.execute(sql`insert into leave_credits (type_code, employee_id, credit, debit, as_of) values ('VL', ${employeeId}, 1, 0, '2026-01-31')`);
}, 120_000);

describe('timesheet adjustments', () => {
  it('a timesheet typed by HR is adjusted, gets its duration, and the day is recomputed', async () => {
    const record = await api.call('POST', `${B}/daily-time-records`, { token, body: { employeeId, date: MONDAY } });
    expect(record.status).toBe(201);
    const created = await api.call('POST', `${B}/timesheets`, { token, body: { recordId: record.body.data._id, timeIn: '08:30:00', timeOut: '17:00:00' } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ isAdjusted: true, duration: 8.5 * 3600 });
    expect(await recordOn(MONDAY)).toMatchObject({ statuses: [1, 5, 6], tardiness_duration: 1800 });
  });

  it("correcting a clock event's timesheet sets isAdjusted, and both changes are in the audit trail", async () => {
    const record = (await recordOn(MONDAY))!;
    // A face-recognition clock event, as the kiosk writes it.
    const [clocked] = await rows<{ id: string }>(
      db,
      sql`insert into timesheets (time_in, time_in_device_type, record_id, is_adjusted) values ('13:10:00', 3, ${record.id}, false) returning id`,
    );
    const corrected = await api.call('PUT', `${B}/timesheets/${clocked!.id}`, { token, body: { timeOut: '16:00:00' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ isAdjusted: true, timeOut: '16:00:00', duration: 2 * 3600 + 50 * 60 });
    const [audit] = await rows<{ changes: Record<string, { before: unknown; after: unknown }> }>(
      db,
      sql`select changes from audit_trails where resource = 'timesheets' and record_id = ${clocked!.id} order by created_at desc limit 1`,
    );
    expect(audit!.changes.isAdjusted).toEqual({ before: false, after: true });
    expect(audit!.changes.timeOut).toEqual({ before: null, after: '16:00:00' });
    const [recomputed] = await rows<{ activity: string }>(
      db,
      sql`select activity from audit_trails where resource = 'daily-time-records' and record_id = ${record.id} order by created_at desc limit 1`,
    );
    expect(recomputed!.activity).toBe(`Recomputed daily time record ${MONDAY} after a timesheet was corrected`);
    // Still 30 minutes late (08:30), and now the gap from 17:00 back to 16:00 is undertime.
    expect(await recordOn(MONDAY)).toMatchObject({ tardiness_duration: 1800 });
  });

  it('a state change alone (deactivating a wrong entry) is an adjustment too', async () => {
    const record = (await recordOn(MONDAY))!;
    const [wrong] = await rows<{ id: string }>(db, sql`insert into timesheets (time_in, record_id) values ('07:00:00', ${record.id}) returning id`);
    const off = await api.call('PUT', `${B}/timesheets/${wrong!.id}`, { token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ isActive: false, isAdjusted: true });
  });
});

describe('holidays', () => {
  it('a holiday turns an absence into a day off, and its removal brings the absence back', async () => {
    const record = await api.call('POST', `${B}/daily-time-records`, { token, body: { employeeId, date: TUESDAY } });
    // The record is recomputed by a timesheet change; with none, compute it through a holiday's toggling below.
    expect(record.status).toBe(201);
    const holiday = await api.call('POST', `${B}/holidays`, { token, body: { date: TUESDAY, name: 'Bonifacio Day (moved)', kind: 'REGULAR' } });
    expect(holiday.status).toBe(201);
    expect(await recordOn(TUESDAY)).toMatchObject({ statuses: [], lwop_duration: 0 });
    const again = await api.call('POST', `${B}/holidays`, { token, body: { date: TUESDAY, name: 'Another', kind: 'SPECIAL' } });
    expect(again.status).toBe(409);
    const off = await api.call('PUT', `${B}/holidays/${holiday.body.data._id}`, { token, body: { isActive: false } });
    expect(off.status).toBe(200);
    expect(await recordOn(TUESDAY)).toMatchObject({ statuses: [4], lwop_duration: EIGHT_HOURS });
  });

  it('a switched-off holiday no longer holds its date; switching it back on while another holds it is refused', async () => {
    const replacement = await api.call('POST', `${B}/holidays`, { token, body: { date: TUESDAY, name: 'Bonifacio Day (observed)', kind: 'REGULAR' } });
    expect(replacement.status, JSON.stringify(replacement.body)).toBe(201);
    expect(await recordOn(TUESDAY)).toMatchObject({ statuses: [], lwop_duration: 0 });
    const [old] = (await api.call('GET', `${B}/holidays?search=name:Bonifacio Day (moved)`, { token })).body.rows;
    const back = await api.call('PUT', `${B}/holidays/${old._id}`, { token, body: { isActive: true } });
    expect(back.status).toBe(409);
    expect(back.body.fieldErrors?.date ?? back.body.error?.fieldErrors?.date).toEqual(['Date is existing in Bonifacio Day (observed).']);
    // Moving the switched-off one to a free date is fine, and back onto the taken date while off too.
    expect((await api.call('PUT', `${B}/holidays/${old._id}`, { token, body: { date: '2026-11-27' } })).status).toBe(200);
    expect((await api.call('PUT', `${B}/holidays/${old._id}`, { token, body: { date: TUESDAY } })).status).toBe(200);
    expect((await api.call('PUT', `${B}/holidays/${replacement.body.data._id}`, { token, body: { isActive: false } })).status).toBe(200);
  });

  it('checks the form: a date, a name and a kind', async () => {
    const r = await api.call('POST', `${B}/holidays`, { token, body: { name: '' } });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.fieldErrors ?? r.body.error?.fieldErrors ?? {})).toEqual(expect.arrayContaining(['date', 'kind']));
  });
});

describe('leave', () => {
  it('debits the leave credits for the days they cover; the rest is LWOP; each working day shows as on leave', async () => {
    expect(await balance()).toBe(1);
    const leave = await api.call('POST', `${B}/leaves`, { token, body: { employeeId, typeCode: 'VL', from: WEDNESDAY, to: THURSDAY, remarks: 'Family matter' } });
    expect(leave.status).toBe(201);
    expect(leave.body.data).toMatchObject({ days: 2, paidDays: 1 });
    expect(await balance()).toBe(0);
    expect(await recordOn(WEDNESDAY)).toMatchObject({ statuses: [9], lwop_duration: 0 });
    expect(await recordOn(THURSDAY)).toMatchObject({ statuses: [9], lwop_duration: EIGHT_HOURS });
    const listed = await api.call('GET', `${B}/leaves?sort=-from&search=employeeId:${employeeId}`, { token });
    expect(listed.status, JSON.stringify(listed.body).slice(0, 300)).toBe(200);
    expect(listed.body.rows[0]).toMatchObject({ typeCode: 'VL', from: WEDNESDAY, to: THURSDAY, days: 2, paidDays: 1 });

    const cancelled = await api.call('PUT', `${B}/leaves/${leave.body.data._id}`, { token, body: { isActive: false } });
    expect(cancelled.status).toBe(200);
    expect(await balance()).toBe(1);
    // The leave made both records (nobody clocked in those days): cancelling it takes them away, paid and unpaid day alike.
    expect(await recordOn(WEDNESDAY)).toBeUndefined();
    expect(await recordOn(THURSDAY)).toBeUndefined();
    const restored = await api.call('PUT', `${B}/leaves/${leave.body.data._id}`, { token, body: { isActive: true } });
    expect(restored.status).toBe(400);
    expect(restored.body.message ?? restored.body.error?.message).toBe('A cancelled leave cannot be restored: file a new one.');
  });

  it('cancelling puts each day back as it would be without the leave', async () => {
    const [before, worked, untouched] = ['2026-11-24', '2026-11-25', '2026-11-26'];
    // A record HR had opened before the leave was filed stays, and is an absence again.
    expect((await api.call('POST', `${B}/daily-time-records`, { token, body: { employeeId, date: before } })).status).toBe(201);
    const leave = await api.call('POST', `${B}/leaves`, { token, body: { employeeId, typeCode: 'VL', from: before, to: untouched } });
    expect(leave.body.data).toMatchObject({ days: 3, paidDays: 1 });
    expect(await recordOn(untouched)).toMatchObject({ statuses: [9], lwop_duration: EIGHT_HOURS });
    // The employee came in on the second day after all: that record, made by the leave, now holds a timesheet.
    const record = (await recordOn(worked))!;
    expect((await api.call('POST', `${B}/timesheets`, { token, body: { recordId: record.id, timeIn: '08:00:00', timeOut: '17:00:00' } })).status).toBe(201);

    expect((await api.call('PUT', `${B}/leaves/${leave.body.data._id}`, { token, body: { isActive: false } })).status).toBe(200);
    expect(await recordOn(before)).toMatchObject({ statuses: [4], lwop_duration: EIGHT_HOURS });
    expect(await recordOn(worked)).toMatchObject({ statuses: [5, 6], lwop_duration: 0, tardiness_duration: 0 });
    expect(await recordOn(untouched)).toBeUndefined();
    const [removed] = await rows<{ activity: string }>(
      db,
      sql`select activity from audit_trails where resource = 'daily-time-records' and activity like ${`Removed daily time record ${untouched}%`}`,
    );
    expect(removed!.activity).toBe(`Removed daily time record ${untouched} after a VL leave was cancelled`);
    const listed = await api.call('GET', `${B}/daily-time-records?search=employeeId:${employeeId}&limit=100`, { token });
    expect(listed.body.rows.map((r: { date: string }) => r.date)).not.toContain(untouched);
  });

  it('refuses an end before the start, and a leave type that is not one', async () => {
    const backwards = await api.call('POST', `${B}/leaves`, { token, body: { employeeId, typeCode: 'VL', from: THURSDAY, to: WEDNESDAY } });
    expect(backwards.status).toBe(400);
    const wrongType = await api.call('POST', `${B}/leaves`, { token, body: { employeeId, typeCode: 'XX', from: WEDNESDAY, to: WEDNESDAY } });
    expect(wrongType.status).toBe(400);
  });

  it('needs FRS: a user without it gets 403', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    expect((await api.call('GET', `${B}/leaves`, { token: registrar })).status).toBe(403);
    expect((await api.call('GET', `${B}/holidays`, { token: registrar })).status).toBe(403);
  });
});
