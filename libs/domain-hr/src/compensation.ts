import { codedValues, defineEntity, field } from '@campus/domain-core';
import { leaveTypeOptions, serviceCreditTypeOptions } from './coded-values.js';
import { educationLevelOptions, learningTypeOptions } from './employee-sub-records.js';
import { HR_RECORDS_MODULE } from './modules.js';
import { hrConsolePath } from './organisation.js';
import { datesInOrder } from './rules.js';

const MONEY = { min: 0, max: 10_000_000, description: 'In pesos.', format: 'peso' } as const;
const CODE = { required: true, max: 20, mask: 'upper', pattern: { regex: /^[A-Z0-9_-]+$/, message: 'Use letters, digits, - or _.' } } as const;
const employee = () => field.reference('Employee', 'employees', { required: true, labelField: 'lastName' });
const common = (resource: string) => ({
  application: 'CAMPUS' as const,
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath(resource),
  state: { kind: 'isActive' as const },
});

/**
 * A kind of pay item with its usual monthly amount: one shape for allowance types and deduction types, which differ
 * only in their names and sample.
 */
function payItemTypeEntity(d: { resource: string; label: string; pluralLabel: string; sample: { code: string; name: string; amount: number } }) {
  return defineEntity({
    resource: d.resource,
    label: d.label,
    pluralLabel: d.pluralLabel,
    ...common(d.resource),
    fields: {
      code: field.text('Code', CODE),
      name: field.text('Name', { required: true, max: 150 }),
      amount: field.number('Default amount', MONEY),
      description: field.textarea('Description', { max: 500 }),
    },
    listColumns: ['code', 'name', 'amount'],
    searchFields: ['code', 'name'],
    sortFields: ['code', 'name', 'amount'],
    filterFields: [],
    defaultSort: 'code',
    unique: [{ field: 'code', label: 'Code' }],
    displayField: 'name',
    template: ['code', 'name', 'amount', 'description'],
    sample: (s) => ({ code: `${d.sample.code}${s}`, name: `${d.sample.name} ${s}`, amount: d.sample.amount }),
  });
}

/** `create-allowance-type`: a kind of allowance (PERA, RATA, clothing…) with its usual monthly amount. */
export const allowanceTypeEntity = payItemTypeEntity({
  resource: 'allowance-types',
  label: 'Allowance Type',
  pluralLabel: 'Allowance Types',
  sample: { code: 'PERA', name: 'Personnel economic relief allowance', amount: 2000 },
});

/** `create-deduction-type`: a kind of deduction (GSIS, PhilHealth, Pag-IBIG, withholding tax, loans…). */
export const deductionTypeEntity = payItemTypeEntity({
  resource: 'deduction-types',
  label: 'Deduction Type',
  pluralLabel: 'Deduction Types',
  sample: { code: 'GSIS', name: 'GSIS personal share', amount: 1500 },
});

const EFFECTIVE_ORDER = datesInOrder('effectiveFrom', 'effectiveTo', 'The end date cannot be before the start date.');

/**
 * A pay item of one employee (an allowance received or a deduction made), of a type, from a date: one shape for
 * employee allowances and employee deductions, which differ in the type they refer to.
 */
function employeePayItemEntity<const K extends string>(d: {
  resource: string;
  label: string;
  pluralLabel: string;
  typeField: K;
  typeLabel: string;
  typeResource: string;
  sampleAmount: number;
}) {
  const type = { [d.typeField]: field.reference(d.typeLabel, d.typeResource, { required: true }) } as Record<
    K,
    ReturnType<typeof field.reference>
  >;
  return defineEntity({
    resource: d.resource,
    label: d.label,
    pluralLabel: d.pluralLabel,
    ...common(d.resource),
    fields: {
      employeeId: employee(),
      ...type,
      amount: field.number('Monthly amount', { ...MONEY, required: true }),
      effectiveFrom: field.date('Effective from', { required: true }),
      effectiveTo: field.date('Effective to', { description: 'Leave empty while it continues.' }),
    },
    listColumns: ['employeeId', d.typeField, 'amount', 'effectiveFrom', 'effectiveTo'],
    searchFields: [],
    sortFields: ['effectiveFrom', 'amount'],
    filterFields: ['employeeId', d.typeField],
    defaultSort: '-effectiveFrom',
    unique: [],
    displayField: 'effectiveFrom',
    rules: [EFFECTIVE_ORDER],
    sample: () => ({ amount: d.sampleAmount, effectiveFrom: '2026-01-01' }),
  });
}

/** `create-employee-allowance`: an allowance an employee receives, from a date. */
export const employeeAllowanceEntity = employeePayItemEntity({
  resource: 'employee-allowances',
  label: 'Employee Allowance',
  pluralLabel: 'Employee Allowances',
  typeField: 'allowanceTypeId',
  typeLabel: 'Allowance type',
  typeResource: 'allowance-types',
  sampleAmount: 2000,
});

/** `create-employee-deduction`: a deduction from an employee's pay, from a date. */
export const employeeDeductionEntity = employeePayItemEntity({
  resource: 'employee-deductions',
  label: 'Employee Deduction',
  pluralLabel: 'Employee Deductions',
  typeField: 'deductionTypeId',
  typeLabel: 'Deduction type',
  typeResource: 'deduction-types',
  sampleAmount: 1500,
});

/** Which ledger an LWOP entry debits first. */
export const lwopCreditKindOptions = codedValues([
  ['LEAVE', 'Leave credits'],
  ['SERVICE', 'Service credits'],
] as const);

/**
 * `create-lwops`: days of absence without pay. Saving one debits the employee's credits of the given type while
 * any are left; the days not covered stay leave without pay (`uncoveredDays`, worked out by the server).
 */
export const lwopEntity = defineEntity({
  resource: 'lwops',
  label: 'Leave Without Pay',
  pluralLabel: 'Leaves Without Pay',
  ...common('lwops'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName', createOnly: true }),
    date: field.date('Date', { required: true, createOnly: true }),
    days: field.number('Days', { required: true, min: 0.01, max: 365, createOnly: true }),
    creditKind: field.enum('Debit from', lwopCreditKindOptions, { required: true, createOnly: true }),
    typeCode: field.text('Credit type', {
      required: true,
      createOnly: true,
      max: 20,
      mask: 'upper',
      description: `A leave type (${leaveTypeOptions.map((o) => o.value).slice(0, 3).join(', ')}…) or service credit type (${serviceCreditTypeOptions[0]!.value}…).`,
    }),
    coveredDays: field.number('Days debited from credits', { min: 0, max: 365, readOnly: true, description: 'Worked out when saved.' }),
    uncoveredDays: field.number('Days without pay', { min: 0, max: 365, readOnly: true, description: 'Worked out when saved.' }),
    remarks: field.text('Remarks', { max: 300 }),
  },
  listColumns: ['employeeId', 'date', 'days', 'typeCode', 'coveredDays', 'uncoveredDays'],
  searchFields: ['remarks'],
  sortFields: ['date'],
  filterFields: ['employeeId', 'creditKind'],
  defaultSort: '-date',
  unique: [],
  displayField: 'date',
  rules: [
    (v) => {
      const options = v.creditKind === 'SERVICE' ? serviceCreditTypeOptions : leaveTypeOptions;
      if (typeof v.typeCode !== 'string' || !v.creditKind) return undefined;
      return options.some((o) => o.value === v.typeCode)
        ? undefined
        : [{ field: 'typeCode', message: `Choose one of ${options.map((o) => o.value).join(', ')}.` }];
    },
  ],
  sample: () => ({ date: '2026-02-02', days: 1, creditKind: 'LEAVE', typeCode: 'VL' }),
});

const FROM_BEFORE_TO = datesInOrder('from', 'to', 'The end date cannot be before the start date.');

/** What a training and a learning and development intervention (PDS VII) record alike. */
const learningFields = () => ({
  employeeId: employee(),
  title: field.text('Title', { required: true, max: 300 }),
  from: field.date('From', { required: true }),
  to: field.date('To', { required: true }),
  hours: field.number('Hours', { required: true, min: 0, max: 10_000 }),
  type: field.enum('Type', learningTypeOptions),
  conductedBy: field.text('Conducted / sponsored by', { max: 200 }),
});

/** `create-training`: a training or seminar an employee attended (also PDS VII when it counts). */
export const trainingEntity = defineEntity({
  resource: 'trainings',
  label: 'Training',
  pluralLabel: 'Trainings',
  ...common('trainings'),
  fields: learningFields(),
  listColumns: ['employeeId', 'title', 'from', 'to', 'hours'],
  searchFields: ['title', 'conductedBy'],
  sortFields: ['from', 'title'],
  filterFields: ['employeeId', 'type'],
  defaultSort: '-from',
  unique: [],
  displayField: 'title',
  rules: [FROM_BEFORE_TO],
  sample: (s) => ({ title: `Data privacy seminar ${s}`, from: '2026-03-02', to: '2026-03-03', hours: 16 }),
});

export const familyRelationOptions = codedValues([
  ['SPOUSE', 'Spouse'],
  ['FATHER', 'Father'],
  ['MOTHER', 'Mother (maiden name)'],
  ['CHILD', 'Child'],
] as const);

/** PDS II (`update-employee-fam`): one member of the employee's family. */
export const employeeFamilyMemberEntity = defineEntity({
  resource: 'employee-family',
  label: 'Family Member',
  pluralLabel: 'Family Background',
  ...common('employee-family'),
  fields: {
    employeeId: employee(),
    relation: field.enum('Relation', familyRelationOptions, { required: true }),
    lastName: field.text('Last name', { required: true, max: 100 }),
    firstName: field.text('First name', { required: true, max: 100 }),
    middleName: field.text('Middle name', { max: 100 }),
    nameExtension: field.text('Name extension', { max: 10 }),
    birthDate: field.date('Birth date'),
    occupation: field.text('Occupation', { max: 100 }),
    employer: field.text('Employer / business name', { max: 200 }),
  },
  listColumns: ['employeeId', 'relation', 'lastName', 'firstName', 'birthDate'],
  searchFields: ['lastName', 'firstName'],
  sortFields: ['relation', 'lastName'],
  filterFields: ['employeeId', 'relation'],
  defaultSort: 'relation',
  unique: [],
  displayField: 'lastName',
  sample: (s) => ({ relation: 'CHILD', lastName: `Santos${s}`, firstName: 'Maria', birthDate: '2015-04-01' }),
});

/** PDS III (`update-employee-educ`): one school attended. */
export const employeeEducationEntity = defineEntity({
  resource: 'employee-education',
  label: 'Education',
  pluralLabel: 'Educational Background',
  ...common('employee-education'),
  fields: {
    employeeId: employee(),
    level: field.enum('Level', educationLevelOptions, { required: true }),
    school: field.text('Name of school', { required: true, max: 200 }),
    degreeCourse: field.text('Basic education / degree / course', { max: 200 }),
    fromYear: field.integer('From (year)', { min: 1900, max: 2100 }),
    toYear: field.integer('To (year)', { min: 1900, max: 2100 }),
    unitsEarned: field.text('Highest level / units earned', { max: 100 }),
    yearGraduated: field.integer('Year graduated', { min: 1900, max: 2100 }),
    honors: field.text('Scholarship / academic honours', { max: 200 }),
  },
  listColumns: ['employeeId', 'level', 'school', 'degreeCourse', 'yearGraduated'],
  searchFields: ['school', 'degreeCourse'],
  sortFields: ['level', 'yearGraduated'],
  filterFields: ['employeeId', 'level'],
  defaultSort: 'level',
  unique: [],
  displayField: 'school',
  rules: [
    (v) =>
      typeof v.fromYear === 'number' && typeof v.toYear === 'number' && v.toYear < v.fromYear
        ? [{ field: 'toYear', message: 'The end cannot be before the start.' }]
        : undefined,
  ],
  sample: (s) => ({ level: 'COLLEGE', school: `Bicol University ${s}`, degreeCourse: 'BS Education', yearGraduated: 2010 }),
});

/** PDS IV (`update-employee-civser`): one civil-service eligibility. */
export const employeeEligibilityEntity = defineEntity({
  resource: 'employee-eligibilities',
  label: 'Civil Service Eligibility',
  pluralLabel: 'Civil Service Eligibility',
  ...common('employee-eligibilities'),
  fields: {
    employeeId: employee(),
    eligibility: field.text('Career service / board / bar', { required: true, max: 200 }),
    rating: field.number('Rating', { min: 0, max: 100 }),
    examDate: field.date('Date of examination'),
    examPlace: field.text('Place of examination', { max: 200 }),
    licenseNumber: field.text('License number', { max: 50 }),
    licenseValidUntil: field.date('License valid until'),
  },
  listColumns: ['employeeId', 'eligibility', 'rating', 'examDate'],
  searchFields: ['eligibility', 'licenseNumber'],
  sortFields: ['examDate', 'eligibility'],
  filterFields: ['employeeId'],
  defaultSort: '-examDate',
  unique: [],
  displayField: 'eligibility',
  sample: (s) => ({ eligibility: `Career Service Professional ${s}`, rating: 85.5, examDate: '2011-08-07' }),
});

/** PDS VI (`update-employee-volwork`): voluntary work or civic involvement. */
export const employeeVoluntaryWorkEntity = defineEntity({
  resource: 'employee-voluntary-work',
  label: 'Voluntary Work',
  pluralLabel: 'Voluntary Work',
  ...common('employee-voluntary-work'),
  fields: {
    employeeId: employee(),
    organization: field.text('Organisation and address', { required: true, max: 300 }),
    from: field.date('From', { required: true }),
    to: field.date('To'),
    hours: field.number('Hours', { min: 0, max: 100_000 }),
    position: field.text('Position / nature of work', { max: 150 }),
  },
  listColumns: ['employeeId', 'organization', 'from', 'to', 'hours'],
  searchFields: ['organization', 'position'],
  sortFields: ['from'],
  filterFields: ['employeeId'],
  defaultSort: '-from',
  unique: [],
  displayField: 'organization',
  rules: [FROM_BEFORE_TO],
  sample: (s) => ({ organization: `Red Cross Albay Chapter ${s}`, from: '2019-01-05', hours: 40 }),
});

/** PDS VII (`update-employee-learndev`): a learning and development intervention. */
export const employeeLearningEntity = defineEntity({
  resource: 'employee-learning',
  label: 'Learning and Development',
  pluralLabel: 'Learning and Development',
  ...common('employee-learning'),
  fields: learningFields(),
  listColumns: ['employeeId', 'title', 'from', 'to', 'hours', 'type'],
  searchFields: ['title'],
  sortFields: ['from'],
  filterFields: ['employeeId', 'type'],
  defaultSort: '-from',
  unique: [],
  displayField: 'title',
  rules: [FROM_BEFORE_TO],
  sample: (s) => ({ title: `Leadership course ${s}`, from: '2024-05-06', to: '2024-05-10', hours: 40, type: 'MANAGERIAL' }),
});

export const otherInfoKindOptions = codedValues([
  ['SKILL', 'Special skill or hobby'],
  ['DISTINCTION', 'Non-academic distinction'],
  ['MEMBERSHIP', 'Membership in an association'],
] as const);

/** PDS VIII (`update-employee-otherinfo`): a skill, distinction or membership. */
export const employeeOtherInfoEntity = defineEntity({
  resource: 'employee-other-info',
  label: 'Other Information',
  pluralLabel: 'Other Information',
  ...common('employee-other-info'),
  fields: {
    employeeId: employee(),
    kind: field.enum('Kind', otherInfoKindOptions, { required: true }),
    text: field.text('Entry', { required: true, max: 300 }),
  },
  listColumns: ['employeeId', 'kind', 'text'],
  searchFields: ['text'],
  sortFields: ['kind'],
  filterFields: ['employeeId', 'kind'],
  defaultSort: 'kind',
  unique: [],
  displayField: 'text',
  sample: (s) => ({ kind: 'SKILL', text: `Sign language ${s}` }),
});

/** The PDS sections kept as rows, with the spec §7 update endpoint that adds to each. */
export const pdsSections = [
  { key: 'family', endpoint: 'update-employee-fam', entity: employeeFamilyMemberEntity },
  { key: 'education', endpoint: 'update-employee-educ', entity: employeeEducationEntity },
  { key: 'eligibility', endpoint: 'update-employee-civser', entity: employeeEligibilityEntity },
  { key: 'voluntary-work', endpoint: 'update-employee-volwork', entity: employeeVoluntaryWorkEntity },
  { key: 'learning', endpoint: 'update-employee-learndev', entity: employeeLearningEntity },
  { key: 'other-info', endpoint: 'update-employee-otherinfo', entity: employeeOtherInfoEntity },
] as const;
export type PdsSectionKey = (typeof pdsSections)[number]['key'];
export const PDS_SECTION_KEYS = pdsSections.map((s) => s.key) as unknown as readonly [PdsSectionKey, ...PdsSectionKey[]];

/** A change an employee asks for to their own PDS section, kept pending until HR decides. */
export const updateRequestStatusOptions = codedValues([
  ['PENDING', 'Pending'],
  ['APPROVED', 'Approved'],
  ['REJECTED', 'Rejected'],
] as const);
