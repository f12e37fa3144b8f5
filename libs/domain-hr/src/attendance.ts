import { HR_RECORDS_MODULE } from './modules.js';
import { defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';
import { parseClock } from '@campus/formatters';
import {
  dailyRecordStatusOptions,
  deviceTypeOptions,
  weekdayOptions,
  workArrangementOptions,
} from './coded-values.js';
import { COORDINATES_FORMAT_MESSAGE } from './coordinates.js';
import { hrConsolePath } from './organisation.js';
import { coordinatesValid, datesInOrder, requiresField, timesInOrder } from './rules.js';

const SECONDS_PER_DAY = 86_400;
/** A length of time within one day, in seconds (shown as `Xh Ym Zs`). */
const seconds = (label: string) =>
  field.integer(label, { min: 0, max: SECONDS_PER_DAY, description: 'In seconds.' });

/** An employee's attendance for one day: the statuses the day earned and its durations in seconds. */
export const dailyTimeRecordEntity = defineEntity({
  resource: 'daily-time-records',
  label: 'Daily Time Record',
  pluralLabel: 'Daily Time Records',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('daily-time-records'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName' }),
    date: field.date('Date', { required: true }),
    statuses: field.multiEnum('Statuses', dailyRecordStatusOptions),
    totalDuration: seconds('Total duration'),
    tardinessDuration: seconds('Tardiness duration'),
    undertimeDuration: seconds('Undertime duration'),
    lwopDuration: seconds('Leave without pay duration'),
  },
  // The leave without pay is listed too: the row's colour (a day's status) reads it, and an absence is LWOP, not normal.
  listColumns: ['date', 'employeeId', 'statuses', 'totalDuration', 'tardinessDuration', 'undertimeDuration', 'lwopDuration'],
  searchFields: [],
  sortFields: ['date', 'totalDuration', 'tardinessDuration', 'undertimeDuration'],
  filterFields: ['employeeId', 'date', 'statuses'],
  defaultSort: '-date',
  ...recordNamedBy('date'),
  template: [
    'employeeNumber',
    'date',
    'statuses',
    'totalDuration',
    'tardinessDuration',
    'undertimeDuration',
    'lwopDuration',
  ],
  rules: [
    (v) => {
      const total = typeof v.totalDuration === 'number' ? v.totalDuration : 0;
      const parts = ['tardinessDuration', 'undertimeDuration', 'lwopDuration'] as const;
      const missing = parts.reduce((sum, p) => sum + (typeof v[p] === 'number' ? (v[p] as number) : 0), 0);
      return total + missing > SECONDS_PER_DAY
        ? [{ field: 'totalDuration', message: 'The durations of a day cannot add up to more than 24 hours.' }]
        : undefined;
    },
  ],
  sample: () => ({
    date: '2026-06-15',
    statuses: [6, 5, 1],
    totalDuration: 8 * 3600 - 900,
    tardinessDuration: 900,
    undertimeDuration: 0,
    lwopDuration: 0,
  }),
});

const COORDINATES = /^\s*[+-]?[\d.]+\s*,\s*[+-]?[\d.]+\s*$/;
const coordinates = (label: string) =>
  field.text(label, { max: 60, pattern: { regex: COORDINATES, message: COORDINATES_FORMAT_MESSAGE } });

/** The span from time-in to time-out in seconds; a time-out before the time-in is on the next day. */
export function timesheetSpan(
  timeIn: string | null | undefined,
  timeOut: string | null | undefined,
): number | null {
  const a = parseClock(timeIn);
  const b = parseClock(timeOut);
  if (a === null || b === null) return null;
  return (b - a + SECONDS_PER_DAY) % SECONDS_PER_DAY;
}

/**
 * One time-in/time-out pair of a daily time record, with the device and place each was captured on. A time-out
 * before the time-in belongs to a night shift ending the next day.
 */
export const timesheetEntity = defineEntity({
  resource: 'timesheets',
  label: 'Timesheet',
  pluralLabel: 'Timesheets',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('timesheets'),
  fields: {
    timeIn: field.time('Time in'),
    timeOut: field.time('Time out'),
    duration: seconds('Duration'),
    timeInDeviceType: field.enum('Time-in device', deviceTypeOptions),
    timeOutDeviceType: field.enum('Time-out device', deviceTypeOptions),
    timeInCoordination: coordinates('Time-in coordinates'),
    timeOutCoordination: coordinates('Time-out coordinates'),
    workArrangement: field.enum('Work arrangement', workArrangementOptions),
    isAdjusted: field.boolean('Adjusted'),
    recordId: field.reference('Daily time record', 'daily-time-records', {
      required: true,
      labelField: 'date',
    }),
  },
  listColumns: ['recordId', 'timeIn', 'timeOut', 'duration', 'workArrangement', 'isAdjusted'],
  searchFields: [],
  sortFields: ['timeIn', 'timeOut', 'duration'],
  filterFields: ['recordId', 'workArrangement', 'isAdjusted', 'timeInDeviceType'],
  defaultSort: 'timeIn',
  ...recordNamedBy('timeIn'),
  template: [
    'timeIn',
    'timeOut',
    'duration',
    'timeInDeviceType',
    'timeOutDeviceType',
    'timeInCoordination',
    'timeOutCoordination',
    'workArrangement',
    'isActive',
    'isAdjusted',
    'recordId',
  ],
  rules: [
    requiresField('timeOut', 'timeIn', 'Enter the time in before the time out.'),
    coordinatesValid('timeInCoordination', 'timeOutCoordination'),
    (v) => {
      const span = timesheetSpan(v.timeIn as string | null, v.timeOut as string | null);
      return span !== null && typeof v.duration === 'number' && v.duration > span
        ? [
            {
              field: 'duration',
              message: 'The duration cannot be longer than the time from time in to time out.',
            },
          ]
        : undefined;
    },
  ],
  sample: () => ({
    timeIn: '07:55:12',
    timeOut: '17:02:40',
    duration: 8 * 3600,
    timeInDeviceType: 2,
    timeOutDeviceType: 3,
    timeInCoordination: '14.5995, 120.9842',
    timeOutCoordination: '14.5996, 120.9841',
    workArrangement: 1,
    isAdjusted: false,
  }),
});

/** A named work schedule (e.g. regular 8-to-5) whose days are its items. */
export const hrScheduleEntity = defineEntity({
  resource: 'hr-schedules',
  label: 'Schedule',
  pluralLabel: 'Schedules',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('hr-schedules'),
  fields: {
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
    gracePeriodMinutes: field.integer('Grace period (minutes)', { min: 0, max: 120 }),
    workArrangement: field.enum('Work arrangement', workArrangementOptions),
  },
  listColumns: ['name', 'workArrangement', 'gracePeriodMinutes', 'description'],
  searchFields: ['name', 'description'],
  sortFields: ['name'],
  filterFields: ['workArrangement'],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({
    name: `Regular 8 to 5 ${s}`,
    description: 'Monday to Friday, lunch at noon.',
    gracePeriodMinutes: 15,
    workArrangement: 1,
  }),
});

/** One day of a work schedule: official time in and out, and the break. */
export const hrScheduleItemEntity = defineEntity({
  resource: 'hr-schedule-items',
  label: 'Schedule Item',
  pluralLabel: 'Schedule Items',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('hr-schedule-items'),
  fields: {
    scheduleId: field.reference('Schedule', 'hr-schedules', { required: true }),
    day: field.enum('Day', weekdayOptions, { required: true }),
    timeIn: field.time('Time in', { required: true }),
    timeOut: field.time('Time out', { required: true }),
    breakStart: field.time('Break start'),
    breakEnd: field.time('Break end'),
  },
  listColumns: ['scheduleId', 'day', 'timeIn', 'timeOut', 'breakStart', 'breakEnd'],
  searchFields: [],
  sortFields: ['day', 'timeIn'],
  filterFields: ['scheduleId', 'day'],
  defaultSort: 'day',
  ...recordNamedBy('timeIn'),
  rules: [
    timesInOrder('timeIn', 'timeOut', 'The time out must be after the time in.'),
    timesInOrder('breakStart', 'breakEnd', 'The break must end after it starts.'),
    requiresField('breakEnd', 'breakStart', 'Enter when the break starts.'),
    requiresField('breakStart', 'breakEnd', 'Enter when the break ends.'),
    timesInOrder('timeIn', 'breakStart', 'The break must start after the time in.'),
    timesInOrder('breakEnd', 'timeOut', 'The break must end before the time out.'),
  ],
  sample: () => ({
    day: 1,
    timeIn: '08:00:00',
    timeOut: '17:00:00',
    breakStart: '12:00:00',
    breakEnd: '13:00:00',
  }),
});

/** Which work schedule an employee follows, and from when to when. */
export const employeeScheduleEntity = defineEntity({
  resource: 'employee-schedules',
  label: 'Employee Schedule',
  pluralLabel: 'Employee Schedules',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('employee-schedules'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName' }),
    scheduleId: field.reference('Schedule', 'hr-schedules', { required: true }),
    effectiveFrom: field.date('Effective from', { required: true }),
    effectiveTo: field.date('Effective to'),
  },
  listColumns: ['employeeId', 'scheduleId', 'effectiveFrom', 'effectiveTo'],
  searchFields: [],
  sortFields: ['effectiveFrom', 'effectiveTo'],
  filterFields: ['employeeId', 'scheduleId'],
  defaultSort: '-effectiveFrom',
  ...recordNamedBy('effectiveFrom'),
  rules: [datesInOrder('effectiveFrom', 'effectiveTo', 'The end date cannot be before the start date.')],
  sample: () => ({ effectiveFrom: '2026-06-01', effectiveTo: '2026-12-31' }),
});
