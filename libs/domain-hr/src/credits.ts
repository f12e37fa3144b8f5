import { HR_RECORDS_MODULE } from './modules.js';
import { type CodedOption, defineEntity, field, recordNamedBy } from '@campus/domain-core';
import { leaveTypeOptions, serviceCreditTypeOptions } from './coded-values.js';
import { hrConsolePath } from './organisation.js';
import { notInTheFuture } from './rules.js';

const DAYS = { min: 0, max: 10_000, description: 'In days.' } as const;

/**
 * Leave credits and service credits share one ledger shape (spec §3: type code, employee, credit, debit,
 * balance): each row earns (`credit`) or uses (`debit`) days of one type and carries the balance after it, which
 * the database works out (migration 0013) and which may never fall below zero.
 */
function creditLedger(o: {
  resource: 'leave-credits' | 'service-credits';
  label: string;
  pluralLabel: string;
  types: readonly CodedOption<string>[];
  sampleType: string;
}) {
  return defineEntity({
    resource: o.resource,
    label: o.label,
    pluralLabel: o.pluralLabel,
    application: 'CAMPUS',
    module: HR_RECORDS_MODULE.code,
    consolePath: hrConsolePath(o.resource),
    fields: {
      // An entry is fixed once written (a mistake is corrected with another entry), so the running balance of
      // every later entry stays true; the balance is the database's, never typed.
      typeCode: field.enum('Type', o.types, { required: true, createOnly: true }),
      employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName', createOnly: true }),
      credit: field.number('Credit', { ...DAYS, createOnly: true }),
      debit: field.number('Debit', { ...DAYS, createOnly: true }),
      balance: field.number('Balance', { ...DAYS, readOnly: true, description: 'Worked out by the database.' }),
      asOf: field.date('As of'),
      remarks: field.text('Remarks', { max: 300 }),
    },
    listColumns: ['employeeId', 'typeCode', 'credit', 'debit', 'balance', 'asOf'],
    searchFields: ['remarks'],
    sortFields: ['typeCode', 'asOf', 'balance'],
    filterFields: ['employeeId', 'typeCode'],
    defaultSort: '-asOf',
    ...recordNamedBy('typeCode'),
    template: ['typeCode', 'employeeNumber', 'credit', 'debit', 'balance'],
    rules: [
      (v) =>
        !v.credit && !v.debit
          ? [{ field: 'credit', message: 'Enter the days credited or debited.' }]
          : undefined,
      notInTheFuture('asOf', 'The as-of date cannot be in the future.'),
    ],
    sample: () => ({ typeCode: o.sampleType, credit: 1.25, debit: 0, asOf: '2026-01-31' }),
  });
}

/** Vacation, sick and other leave days earned and used. */
export const leaveCreditEntity = creditLedger({
  resource: 'leave-credits',
  label: 'Leave Credit',
  pluralLabel: 'Leave Credits',
  types: leaveTypeOptions,
  sampleType: 'VL',
});

/** Service credits earned by teaching personnel and used in place of leave. */
export const serviceCreditEntity = creditLedger({
  resource: 'service-credits',
  label: 'Service Credit',
  pluralLabel: 'Service Credits',
  types: serviceCreditTypeOptions,
  sampleType: 'ELECTION',
});
