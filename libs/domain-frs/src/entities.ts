import { type AnyEntity, codedValues, defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';
import { leaveTypeOptions } from '@campus/domain-hr';

/** Console path of a Facial Recognition Management screen. */
export const frsConsolePath = (screen: string): string => `/app/frs-management/${screen}`;

/** The longest leave one entry may cover; a longer absence is filed in parts. */
export const MAX_LEAVE_DAYS = 366;

export const holidayKindOptions = codedValues([
  ['REGULAR', 'Regular holiday'],
  ['SPECIAL', 'Special non-working day'],
] as const);

/**
 * A holiday or special non-working day: no one is absent, late or short of hours that day, and the time records
 * of anyone who worked show it in the holiday colour.
 */
export const holidayEntity = defineEntity({
  resource: 'holidays',
  label: 'Holiday',
  pluralLabel: 'Holidays',
  application: 'FRS',
  consolePath: frsConsolePath('holidays'),
  fields: {
    date: field.date('Date', { required: true }),
    name: field.text('Name', { required: true, max: 150 }),
    kind: field.enum('Kind', holidayKindOptions, { required: true }),
  },
  listColumns: ['date', 'name', 'kind'],
  searchFields: ['name'],
  sortFields: ['date', 'name'],
  filterFields: ['kind'],
  defaultSort: '-date',
  // One holiday a date: the server checks it (with the holiday's name in the message) and the database enforces it.
  ...namedRecord(),
  template: ['date', 'name', 'kind'],
  sample: (s) => ({ date: `2026-12-${String(1 + (Number(s) % 28)).padStart(2, '0')}`, name: `Founding anniversary ${s}`, kind: 'SPECIAL' }),
});

/** Calendar days from `from` to `to`, both counted (`yyyy-mm-dd`); null when either is missing or malformed. */
export function leaveDays(from: unknown, to: unknown): number | null {
  if (typeof from !== 'string' || typeof to !== 'string') return null;
  const a = Date.parse(`${from}T00:00:00Z`);
  const b = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(a) || Number.isNaN(b)) return null;
  return Math.round((b - a) / 86_400_000) + 1;
}

/**
 * A leave filed for an employee, from one date to another. Saving it debits the employee's leave credits of its
 * type for as many days as they cover (`paidDays`, worked out by the server); the days past them are leave
 * without pay. Every day of it shows as on leave in the daily time record; an unpaid day also counts its
 * official hours as LWOP. Deactivating a leave returns the days it debited.
 */
export const leaveEntity = defineEntity({
  resource: 'leaves',
  label: 'Leave',
  pluralLabel: 'Leaves',
  application: 'FRS',
  consolePath: frsConsolePath('leaves'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName', createOnly: true }),
    typeCode: field.enum('Leave type', leaveTypeOptions, { required: true, createOnly: true }),
    from: field.date('From', { required: true, createOnly: true }),
    to: field.date('To', { required: true, createOnly: true }),
    days: field.number('Days', { min: 0, max: MAX_LEAVE_DAYS, readOnly: true, description: 'Worked out when saved.' }),
    paidDays: field.number('Days with pay', {
      min: 0,
      max: MAX_LEAVE_DAYS,
      readOnly: true,
      description: 'Debited from the leave credits when saved; the other days are without pay.',
    }),
    remarks: field.text('Remarks', { max: 300 }),
  },
  listColumns: ['employeeId', 'typeCode', 'from', 'to', 'days', 'paidDays'],
  searchFields: ['remarks'],
  sortFields: ['from', 'to'],
  filterFields: ['employeeId', 'typeCode'],
  defaultSort: '-from',
  ...recordNamedBy('from'),
  template: ['employeeId', 'typeCode', 'from', 'to', 'remarks'],
  rules: [
    (v) => {
      const days = leaveDays(v.from, v.to);
      if (days === null) return undefined;
      if (days < 1) return [{ field: 'to', message: 'The end date cannot be before the start date.' }];
      if (days > MAX_LEAVE_DAYS) return [{ field: 'to', message: `A leave covers at most ${MAX_LEAVE_DAYS} days; file a longer one in parts.` }];
      return undefined;
    },
  ],
  sample: () => ({ typeCode: 'VL', from: '2026-02-02', to: '2026-02-03' }),
});

/** The entities of Facial Recognition Management, in menu order. */
export const frsEntities: readonly AnyEntity[] = [holidayEntity, leaveEntity];
