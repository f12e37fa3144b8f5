import { sql } from 'drizzle-orm';
import { computeDailyRecord, localDayAndTime, type OfficialTime } from '@campus/domain-frs';
import { timesheetSpan } from '@campus/domain-hr';
import type { Db } from '../../platform/db/client.js';
import type { SeedRecord } from '../../platform/db/insert-rows.js';
import type { RandomSource } from '../../platform/db/seed-data.js';
import { newDeviceKey } from './device-keys.js';

interface AttendanceSeed {
  readonly id: () => string;
  readonly random: RandomSource;
  readonly at: Date;
  readonly employees: readonly string[];
  readonly campus: { name: string; lat: number; long: number };
}

const OFFICIAL: OfficialTime = { timeIn: '08:00:00', timeOut: '17:00:00', breakStart: '12:00:00', breakEnd: '13:00:00', graceMinutes: 15 };
const clock = (seconds: number) =>
  [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60].map((n) => String(n).padStart(2, '0')).join(':');

/** The Philippine holidays of the demo around a year (fixed dates only; the movable ones are added by HR). */
function demoHolidays(year: number): { date: string; name: string; kind: string }[] {
  const days: [string, string, string][] = [
    [`${year}-01-01`, "New Year's Day", 'REGULAR'],
    [`${year}-04-09`, 'Araw ng Kagitingan', 'REGULAR'],
    [`${year}-05-01`, 'Labor Day', 'REGULAR'],
    [`${year}-06-12`, 'Independence Day', 'REGULAR'],
    [`${year}-08-21`, 'Ninoy Aquino Day', 'SPECIAL'],
    [`${year}-11-01`, "All Saints' Day", 'SPECIAL'],
    [`${year}-11-30`, 'Bonifacio Day', 'REGULAR'],
    [`${year}-12-08`, 'Feast of the Immaculate Conception', 'SPECIAL'],
    [`${year}-12-25`, 'Christmas Day', 'REGULAR'],
    [`${year}-12-30`, 'Rizal Day', 'REGULAR'],
  ];
  return days.map(([date, name, kind]) => ({ date, name, kind }));
}

/**
 * Demo attendance: the regular 8-to-5 schedule for the demo employees, two face-recognition kiosks on the main
 * campus (their keys are not known: HR gives one a new key on Device Locations to use it), and the last ten
 * working days of clock events with their daily records computed by the same rules as the clock (no one clocks
 * in on the year's holidays, which are seeded too).
 */
export async function seedAttendance(tx: Db, put: (resource: string, records: SeedRecord[]) => Promise<void>, seed: AttendanceSeed): Promise<void> {
  const { id, random, at } = seed;
  const scheduleId = id();
  await put('hr-schedules', [{ id: scheduleId, name: 'Regular 8 to 5', description: 'Monday to Friday, lunch at noon.', gracePeriodMinutes: 15, workArrangement: 1 }]);
  await put(
    'hr-schedule-items',
    [1, 2, 3, 4, 5].map((day) => ({ id: id(), scheduleId, day, timeIn: OFFICIAL.timeIn, timeOut: OFFICIAL.timeOut, breakStart: OFFICIAL.breakStart, breakEnd: OFFICIAL.breakEnd })),
  );
  const from = localDayAndTime(new Date(at.getTime() - 60 * 86_400_000), 'Asia/Manila').date;
  await put('employee-schedules', seed.employees.map((employeeId) => ({ id: id(), employeeId, scheduleId, effectiveFrom: from })));

  const centre = `${seed.campus.lat}, ${seed.campus.long}`;
  for (const [name, building, radius] of [
    ['Administration Building kiosk', 'Administration Building', 150],
    ['University Library kiosk', 'University Library', 100],
  ] as const) {
    const key = newDeviceKey();
    await tx.execute(
      sql`insert into frs_devices (name, campus, building, coordinates, geofence_radius, key_hash, key_prefix, last_seen_at)
          values (${name}, ${seed.campus.name}, ${building}, ${centre}, ${radius}, ${key.hash}, ${key.prefix}, ${at.toISOString()})`,
    );
  }

  const year = Number(localDayAndTime(at, 'Asia/Manila').date.slice(0, 4));
  const holidays = [...demoHolidays(year - 1), ...demoHolidays(year), ...demoHolidays(year + 1)];
  await put('holidays', holidays.map((h) => ({ id: id(), ...h })));
  const holidayDates = new Set(holidays.map((h) => h.date));

  const records: SeedRecord[] = [];
  const sheets: SeedRecord[] = [];
  let day = 1;
  let working = 0;
  while (working < 10) {
    const { date, weekday } = localDayAndTime(new Date(at.getTime() - day * 86_400_000), 'Asia/Manila');
    day++;
    if (weekday > 5 || holidayDates.has(date)) continue;
    working++;
    for (const employeeId of seed.employees) {
      // Mostly on time; now and then late or leaving early.
      const timeIn = clock(7 * 3600 + 40 * 60 + random.int(0, 3600));
      const timeOut = clock(16 * 3600 + 30 * 60 + random.int(0, 5400));
      const figures = computeDailyRecord({ official: OFFICIAL, timesheets: [{ timeIn, timeOut }], isHoliday: false, leave: null });
      const recordId = id();
      records.push({ id: recordId, employeeId, date, ...figures });
      sheets.push({
        id: id(),
        recordId,
        timeIn,
        timeOut,
        duration: timesheetSpan(timeIn, timeOut),
        timeInDeviceType: 3,
        timeOutDeviceType: 3,
        timeInCoordination: centre,
        timeOutCoordination: centre,
        workArrangement: 1,
        isAdjusted: false,
      });
    }
  }
  await put('daily-time-records', records);
  await put('timesheets', sheets);
}

/**
 * A vacation leave filed ahead: the employee's next Monday and Tuesday, paid from their vacation leave credits
 * (debited in the ledger), with the two days' records showing as on leave, made by the leave. Runs after the HR seed has given the
 * employee their opening credits.
 */
export async function seedLeave(
  tx: Db,
  put: (resource: string, records: SeedRecord[]) => Promise<void>,
  seed: { id: () => string; at: Date; employeeId: string },
): Promise<void> {
  const { id, at, employeeId } = seed;
  const today = localDayAndTime(at, 'Asia/Manila');
  const ahead = ((8 - today.weekday) % 7) || 7;
  const day = (n: number) => localDayAndTime(new Date(at.getTime() + n * 86_400_000), 'Asia/Manila').date;
  const from = day(ahead);
  const to = day(ahead + 1);
  // Debited on the day it is filed: a ledger entry cannot be dated ahead.
  await put('leave-credits', [{ id: id(), employeeId, typeCode: 'VL', debit: 2, asOf: today.date, remarks: `Leave from ${from} to ${to}` }]);
  const leaveId = id();
  await put('leaves', [{ id: leaveId, employeeId, typeCode: 'VL', from, to, days: 2, paidDays: 2, remarks: 'Family reunion in Naga' }]);
  const figures = computeDailyRecord({ official: OFFICIAL, timesheets: [], isHoliday: false, leave: { paid: true } });
  const records = [from, to].map((date) => ({ id: id(), employeeId, date, ...figures }));
  await put('daily-time-records', records);
  // The leave made these records (no one clocks in ahead): cancelling it takes them away again.
  for (const r of records) await tx.execute(sql`insert into frs_leave_records (leave_id, record_id) values (${leaveId}, ${r.id})`);
}
