import { sql } from 'drizzle-orm';
import { leaveDays, localDayAndTime } from '@campus/domain-frs';
import { timesheetSpan } from '@campus/domain-hr';
import { changesBetween, writeAudit } from '../../platform/audit/audit.js';
import { rows, type Db } from '../../platform/db/client.js';
import { HttpError } from '../../platform/http/errors.js';
import type { ActorContext, EntityRecord, ResourceHooks } from '../../resources/crud.js';
import { lockedBalance } from '../campus-management/hooks/credit-ledger.js';
import { officialTimeOf, recomputeDailyRecord, weekdayOf } from './attendance.js';

interface RecordRow {
  readonly id: string;
  readonly employee_id: string;
  readonly date: string;
  readonly statuses: number[];
  readonly total_duration: number | null;
  readonly tardiness_duration: number | null;
  readonly undertime_duration: number | null;
  readonly lwop_duration: number | null;
}

const RECORD_COLUMNS = sql`id, employee_id, date::text as date, statuses, total_duration, tardiness_duration, undertime_duration, lwop_duration`;

const figuresOf = (r: Pick<RecordRow, 'statuses' | 'total_duration' | 'tardiness_duration' | 'undertime_duration' | 'lwop_duration'>) => ({
  statuses: r.statuses,
  totalDuration: r.total_duration,
  tardinessDuration: r.tardiness_duration,
  undertimeDuration: r.undertime_duration,
  lwopDuration: r.lwop_duration,
});

/**
 * Recomputes daily time records after a change they depend on (a corrected timesheet, a holiday, a leave), and
 * writes an audit row for each record whose figures moved, naming why.
 */
async function recompute(tx: Db, records: readonly RecordRow[], actor: ActorContext, why: string): Promise<void> {
  for (const r of records) {
    const after = await recomputeDailyRecord(tx, r.id, r.employee_id, r.date, weekdayOf(r.date));
    const changes = changesBetween(figuresOf(r), figuresOf({ statuses: after.statuses, total_duration: after.totalDuration, tardiness_duration: after.tardinessDuration, undertime_duration: after.undertimeDuration, lwop_duration: after.lwopDuration }));
    if (Object.keys(changes).length === 0) continue;
    await writeAudit(
      tx,
      { actor, activity: `Recomputed daily time record ${r.date} ${why}`, resource: 'daily-time-records', recordId: r.id, changes },
      actor.now,
    );
  }
}

const recordsById = (tx: Db, ids: readonly unknown[]) =>
  rows<RecordRow>(tx, sql`select ${RECORD_COLUMNS} from daily_time_records where id = any(${`{${ids.filter(Boolean).join(',')}}`}::uuid[]) and is_active`);

/**
 * Timesheets typed or corrected by HR are manual adjustments: saving one sets `isAdjusted` (so the change and the
 * flag are in the same audit row, and clock events never overwrite it), works out the duration from the times
 * when none is given, and recomputes the day's record.
 */
export const timesheetHooks: ResourceHooks = {
  async beforeCreate(_tx, data) {
    data.isAdjusted = true;
    if (data.duration === undefined || data.duration === null) {
      const span = timesheetSpan(data.timeIn as string | null, data.timeOut as string | null);
      if (span !== null) data.duration = span;
    }
    return {};
  },
  async afterCreate(tx, record, actor) {
    await recompute(tx, await recordsById(tx, [record.recordId]), actor, 'after a timesheet was added by hand');
  },
  async beforeUpdate(_tx, current, changes) {
    const corrected = Object.keys(changes).some((k) => k !== 'isAdjusted' && changes[k] !== current[k]);
    if (corrected) changes.isAdjusted = true;
    if (('timeIn' in changes || 'timeOut' in changes) && !('duration' in changes)) {
      const span = timesheetSpan((changes.timeIn ?? current.timeIn) as string | null, (changes.timeOut ?? current.timeOut) as string | null);
      if (span !== null) changes.duration = span;
    }
  },
  async afterUpdate(tx, before, after, actor) {
    await recompute(tx, await recordsById(tx, [...new Set([before.recordId, after.recordId])]), actor, 'after a timesheet was corrected');
  },
};

/** One active holiday a date: the clash names the holiday already there (a switched-off one holds nothing). */
async function checkHolidayDate(tx: Db, date: unknown, selfId: string | null): Promise<void> {
  if (typeof date !== 'string' || !date) return;
  const [holder] = await rows<{ name: string }>(
    tx,
    sql`select name from holidays where date = ${date}::date and is_active ${selfId ? sql`and id <> ${selfId}` : sql``} limit 1`,
  );
  if (holder) {
    const message = `Date is existing in ${holder.name}.`;
    throw new HttpError(409, message, { date: [message] });
  }
}

/** A holiday added, moved or (de)activated recomputes the records of its date (old and new). */
export const holidayHooks: ResourceHooks = {
  async beforeCreate(tx, data) {
    if (data.isActive !== false) await checkHolidayDate(tx, data.date, null);
    return {};
  },
  async beforeUpdate(tx, current, changes) {
    const date = 'date' in changes ? changes.date : current.date;
    const isActive = 'isActive' in changes ? changes.isActive : current.isActive;
    // Moving an active holiday, or switching one back on, needs its date free of another active holiday.
    const claims = isActive !== false && (date !== current.date || current.isActive === false);
    if (claims) await checkHolidayDate(tx, date, String(current._id));
  },
  async afterCreate(tx, record, actor) {
    await recomputeDates(tx, [record.date], actor, `for the holiday ${String(record.name)}`);
  },
  async afterUpdate(tx, before, after, actor) {
    await recomputeDates(tx, [...new Set([before.date, after.date])], actor, `for the holiday ${String(after.name)}`);
  },
};

async function recomputeDates(tx: Db, dates: readonly unknown[], actor: ActorContext, why: string): Promise<void> {
  const found = await rows<RecordRow>(
    tx,
    sql`select ${RECORD_COLUMNS} from daily_time_records where date = any(${`{${dates.filter(Boolean).join(',')}}`}::date[]) and is_active`,
  );
  await recompute(tx, found, actor, why);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every `yyyy-mm-dd` from `from` to `to`, both included. */
function datesOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`), end = Date.parse(`${to}T00:00:00Z`); t <= end; t += 86_400_000) out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * Each working day of the leave (a day the employee's schedule has an official time, or that already has a
 * record) gets its daily time record, created when missing — and remembered as the leave's, so that cancelling
 * the leave can take it away again — and is recomputed as on leave.
 */
async function applyLeave(tx: Db, leave: EntityRecord, actor: ActorContext, why: string): Promise<void> {
  const employeeId = String(leave.employeeId);
  const touched: RecordRow[] = [];
  for (const date of datesOf(String(leave.from), String(leave.to))) {
    let [record] = await rows<RecordRow>(
      tx,
      sql`select ${RECORD_COLUMNS} from daily_time_records where employee_id = ${employeeId} and date = ${date}::date and is_active
          order by created_at limit 1 for update`,
    );
    if (!record && leave.isActive !== false && (await officialTimeOf(tx, employeeId, date, weekdayOf(date)))) {
      [record] = await rows<RecordRow>(
        tx,
        sql`insert into daily_time_records (employee_id, date, modified_by_id) values (${employeeId}, ${date}::date, ${actor.id}) returning ${RECORD_COLUMNS}`,
      );
      await tx.execute(sql`insert into frs_leave_records (leave_id, record_id) values (${leave._id}, ${record!.id})`);
    }
    if (record) touched.push(record);
  }
  await recompute(tx, touched, actor, why);
}

/**
 * Cancelling a leave puts its days back as if it had never been filed: a record the leave created that still
 * holds no timesheet (nobody clocked in, HR typed nothing) is removed, with an audit row; every other record of
 * its days (one that was there before, or one someone has worked on since) is recomputed without the leave.
 */
async function withdrawLeave(tx: Db, leave: EntityRecord, actor: ActorContext, why: string): Promise<void> {
  const removed = await rows<{ id: string; date: string }>(
    tx,
    sql`delete from daily_time_records r using frs_leave_records l
        where l.leave_id = ${leave._id} and r.id = l.record_id
          and not exists (select 1 from timesheets t where t.record_id = r.id)
        returning r.id, r.date::text as date`,
  );
  for (const r of removed) {
    await writeAudit(tx, { actor, activity: `Removed daily time record ${r.date} ${why}`, resource: 'daily-time-records', recordId: r.id }, actor.now);
  }
  const left = await rows<RecordRow>(
    tx,
    sql`select ${RECORD_COLUMNS} from daily_time_records
        where employee_id = ${String(leave.employeeId)} and date between ${String(leave.from)}::date and ${String(leave.to)}::date and is_active
        for update`,
  );
  await recompute(tx, left, actor, why);
}

/**
 * A leave debits the employee's leave credits of its type for as many of its days as they cover (a ledger entry
 * in the same transaction, under the ledger's lock); the rest are without pay. Cancelling it (deactivating) gives
 * the debited days back and the days their records as if it had never been filed; a cancelled leave is not
 * restored (file a new one, which debits again).
 */
export const leaveHooks: ResourceHooks = {
  async beforeCreate(tx, data, actor) {
    const days = leaveDays(data.from, data.to);
    const employeeId = String(data.employeeId ?? '');
    const typeCode = String(data.typeCode ?? '');
    if (days === null || days < 1 || !UUID.test(employeeId) || !typeCode) return {}; // the field checks answer
    const balance = Math.max(0, await lockedBalance(tx, 'leave_credits', employeeId, typeCode));
    const paid = Math.min(balance, days);
    if (paid > 0) {
      // The debit is entered on the day the leave is filed (a ledger entry cannot be dated ahead), or on its first
      // day when that has passed.
      const asOf = [String(data.from), localDayAndTime(new Date(), 'Asia/Manila').date].sort()[0]!;
      await tx.execute(
        sql`insert into leave_credits (type_code, employee_id, credit, debit, as_of, remarks, modified_by_id)
            values (${typeCode}, ${employeeId}::uuid, 0, ${paid}, ${asOf}::date,
                    ${`Leave from ${String(data.from)} to ${String(data.to)}`}, ${actor.id}::uuid)`,
      );
    }
    return { days, paid_days: paid };
  },
  async afterCreate(tx, record, actor) {
    await applyLeave(tx, record, actor, `for a ${String(record.typeCode)} leave`);
  },
  async beforeUpdate(_tx, current, changes) {
    if (current.isActive === false && changes.isActive === true) {
      const message = 'A cancelled leave cannot be restored: file a new one.';
      throw new HttpError(400, message, { isActive: [message] });
    }
  },
  async afterUpdate(tx, before, after, actor) {
    if (before.isActive !== true || after.isActive !== false) return;
    const paid = Number(after.paidDays ?? 0);
    if (paid > 0) {
      await lockedBalance(tx, 'leave_credits', String(after.employeeId), String(after.typeCode));
      await tx.execute(
        sql`insert into leave_credits (type_code, employee_id, credit, debit, as_of, remarks, modified_by_id)
            values (${String(after.typeCode)}, ${String(after.employeeId)}::uuid, ${paid}, 0, ${actor.now.toISOString().slice(0, 10)}::date,
                    ${`Leave from ${String(after.from)} to ${String(after.to)} cancelled`}, ${actor.id}::uuid)`,
      );
    }
    await withdrawLeave(tx, after, actor, `after a ${String(after.typeCode)} leave was cancelled`);
  },
};
