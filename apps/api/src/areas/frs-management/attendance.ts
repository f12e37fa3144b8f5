import { sql } from 'drizzle-orm';
import { computeDailyRecord, dayStatusOf, localDayAndTime, nextClockAction, type OfficialTime } from '@campus/domain-frs';
import { timesheetSpan } from '@campus/domain-hr';
import { rows, type Db } from '../../platform/db/client.js';
import { writeAudit, type Actor } from '../../platform/audit/audit.js';

/** Device type 3 of spec §3: face recognition. */
const FACE_RECOGNITION_DEVICE = 3;

interface TimesheetRow {
  readonly id: string;
  readonly time_in: string | null;
  readonly time_out: string | null;
  readonly is_adjusted: boolean;
}

interface OfficialRow {
  readonly time_in: string;
  readonly time_out: string;
  readonly break_start: string | null;
  readonly break_end: string | null;
  readonly grace_period_minutes: number | null;
  readonly work_arrangement: number | null;
}

export interface DailyRecordSummary {
  readonly _id: string;
  readonly date: string;
  readonly statuses: number[];
  readonly totalDuration: number;
  readonly tardinessDuration: number;
  readonly undertimeDuration: number;
  readonly lwopDuration: number;
  readonly dayStatus: string;
}

/** The official time of an employee on a date: their schedule in force that day, and its item for the weekday. */
export async function officialTimeOf(db: Db, employeeId: string, date: string, weekday: number): Promise<(OfficialTime & { workArrangement: number | null }) | null> {
  const [row] = await rows<OfficialRow>(
    db,
    sql`select i.time_in::text, i.time_out::text, i.break_start::text, i.break_end::text, s.grace_period_minutes, s.work_arrangement
        from employee_schedules es
        join hr_schedules s on s.id = es.schedule_id and s.is_active
        join hr_schedule_items i on i.schedule_id = s.id and i.is_active and i.day = ${weekday}
        where es.employee_id = ${employeeId} and es.is_active and es.effective_from <= ${date}::date
          and (es.effective_to is null or es.effective_to >= ${date}::date)
        order by es.effective_from desc limit 1`,
  );
  if (!row) return null;
  return {
    timeIn: row.time_in,
    timeOut: row.time_out,
    breakStart: row.break_start,
    breakEnd: row.break_end,
    graceMinutes: row.grace_period_minutes,
    workArrangement: row.work_arrangement,
  };
}

const timesheetsOf = (db: Db, recordId: string) =>
  rows<TimesheetRow>(
    db,
    sql`select id, time_in::text, time_out::text, is_adjusted from timesheets
        where record_id = ${recordId} and is_active order by time_in nulls last, created_at`,
  );

/** Whether an active holiday falls on the date. */
async function isHoliday(db: Db, date: string): Promise<boolean> {
  const [row] = await rows<{ id: string }>(db, sql`select id from holidays where date = ${date}::date and is_active limit 1`);
  return Boolean(row);
}

/**
 * The employee's active leave on the date, if any: paid while the day is within the days its leave credits
 * covered (the first `paid_days` days of the leave), else without pay.
 */
async function leaveOn(db: Db, employeeId: string, date: string): Promise<{ paid: boolean } | null> {
  const [row] = await rows<{ day: number; paid_days: number | null }>(
    db,
    sql`select (${date}::date - "from") as day, paid_days from leaves
        where employee_id = ${employeeId} and is_active and "from" <= ${date}::date and "to" >= ${date}::date
        order by paid_days desc nulls last limit 1`,
  );
  if (!row) return null;
  return { paid: Number(row.day) + 1 <= Number(row.paid_days ?? 0) };
}

/** The ISO weekday (1 Monday … 7 Sunday, as schedule items number them) of a `yyyy-mm-dd` date. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

/**
 * Recomputes one daily time record from its active timesheets (manual adjustments included), the employee's
 * official time for that day, a holiday on the date and the employee's leave, and stores the figures.
 */
export async function recomputeDailyRecord(db: Db, recordId: string, employeeId: string, date: string, weekday: number): Promise<DailyRecordSummary> {
  const official = await officialTimeOf(db, employeeId, date, weekday);
  const timesheets = await timesheetsOf(db, recordId);
  const holiday = await isHoliday(db, date);
  const figures = computeDailyRecord({
    official,
    timesheets: timesheets.map((t) => ({ timeIn: t.time_in, timeOut: t.time_out })),
    isHoliday: holiday,
    leave: await leaveOn(db, employeeId, date),
  });
  await db.execute(
    sql`update daily_time_records set statuses = ${`{${figures.statuses.join(',')}}`}::integer[],
          total_duration = ${figures.totalDuration}, tardiness_duration = ${figures.tardinessDuration},
          undertime_duration = ${figures.undertimeDuration}, lwop_duration = ${figures.lwopDuration}, updated_at = now()
        where id = ${recordId}`,
  );
  return { _id: recordId, date, ...figures, dayStatus: dayStatusOf(figures, { official, isHoliday: holiday }) };
}

export interface ClockEvent {
  readonly employeeId: string;
  readonly at: Date;
  readonly timeZone: string;
  readonly coordinates: string | null;
  readonly deviceName: string;
  readonly actor: Actor;
}

export interface ClockWrite {
  readonly action: 'time-in' | 'time-out';
  readonly date: string;
  readonly time: string;
  readonly timesheetId: string;
  readonly dailyRecord: DailyRecordSummary;
}

/**
 * Writes a recognised clock event: the day's record (created on the first event), then the first event of the
 * day is a time in and the next the time out of that timesheet (adjusted timesheets are left as HR set them),
 * then the day is recomputed; the audit trail records it. Runs inside the caller's transaction.
 */
export async function writeClockEvent(tx: Db, event: ClockEvent): Promise<ClockWrite> {
  const { date, time, weekday } = localDayAndTime(event.at, event.timeZone);
  let [record] = await rows<{ id: string }>(
    tx,
    sql`select id from daily_time_records where employee_id = ${event.employeeId} and date = ${date}::date and is_active
        order by created_at limit 1 for update`,
  );
  if (!record) {
    [record] = await rows<{ id: string }>(
      tx,
      sql`insert into daily_time_records (employee_id, date) values (${event.employeeId}, ${date}::date) returning id`,
    );
  }
  const recordId = record!.id;
  const existing = await timesheetsOf(tx, recordId);
  const action = nextClockAction(existing.map((t) => ({ timeIn: t.time_in, timeOut: t.time_out, isAdjusted: t.is_adjusted })));
  let timesheetId: string;
  if (action.kind === 'time-out') {
    const open = existing[action.index]!;
    timesheetId = open.id;
    await tx.execute(
      sql`update timesheets set time_out = ${time}::time, time_out_device_type = ${FACE_RECOGNITION_DEVICE},
            time_out_coordination = ${event.coordinates}, duration = ${timesheetSpan(open.time_in, time)}, updated_at = now()
          where id = ${open.id}`,
    );
  } else {
    const official = await officialTimeOf(tx, event.employeeId, date, weekday);
    const [row] = await rows<{ id: string }>(
      tx,
      sql`insert into timesheets (time_in, time_in_device_type, time_in_coordination, work_arrangement, record_id)
          values (${time}::time, ${FACE_RECOGNITION_DEVICE}, ${event.coordinates}, ${official?.workArrangement ?? null}, ${recordId})
          returning id`,
    );
    timesheetId = row!.id;
  }
  const dailyRecord = await recomputeDailyRecord(tx, recordId, event.employeeId, date, weekday);
  const kind = action.kind === 'time-out' ? 'Time out' : 'Time in';
  await writeAudit(
    tx,
    {
      actor: event.actor,
      activity: `${kind} by face recognition at ${event.deviceName}`,
      resource: 'timesheets',
      recordId: timesheetId,
      changes: { [action.kind === 'time-out' ? 'timeOut' : 'timeIn']: { before: null, after: time } },
    },
    event.at,
  );
  return { action: action.kind, date, time, timesheetId, dailyRecord };
}
