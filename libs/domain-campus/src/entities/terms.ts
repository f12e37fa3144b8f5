import { CAMPUS_MODULES } from '../modules.js';
import { defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';
import { calendarCategoryOptions, gradingPeriodOptions } from '../coded.js';
import { termLifecycle } from '../lifecycles.js';
import { orderRule } from '../rules.js';
import { TEMPLATES } from '../templates.js';
import { campusPath, codeField, nameField, ref, sampleCode, yearField } from './common.js';

const dateOrder = orderRule(
  'startDate',
  'endDate',
  'date',
  'The end date cannot be before the start date.',
  true,
);

/** `2026`, `2027` → `2026-2027`, the code an import row without one is given. */
export function academicYearCode(from: number, to: number): string {
  return `${from}-${to}`;
}

/**
 * Academic years (template: from, to, status, default). Sections and students refer to an academic year by
 * code, so one is kept beside the years; the description names the year in messages and choices.
 */
export const academicYearEntity = defineEntity({
  resource: 'academic-years',
  label: 'Academic Year',
  pluralLabel: 'Academic Years',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('academic-years'),
  fields: {
    code: codeField(),
    description: field.text('Description', { required: true, max: 150 }),
    from: yearField('From'),
    to: yearField('To'),
    default: field.boolean('Default'),
  },
  listColumns: ['code', 'description', 'from', 'to', 'default'],
  searchFields: ['code', 'description'],
  sortFields: ['code', 'from', 'to'],
  filterFields: ['default'],
  defaultSort: '-from',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'description',
  state: { kind: 'status', lifecycle: termLifecycle },
  template: TEMPLATES.AcademicYears,
  rules: [orderRule('from', 'to', 'number', 'The year "to" must come after the year "from".')],
  sample: (s) => ({
    code: sampleCode('AY', s),
    description: `Academic Year 2026–2027 ${s}`,
    from: 2026,
    to: 2027,
    default: false,
  }),
});

export const semesterEntity = defineEntity({
  resource: 'semesters',
  label: 'Semester',
  pluralLabel: 'Semesters',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('semesters'),
  fields: {
    code: codeField(),
    description: field.text('Description', { required: true, max: 150 }),
    default: field.boolean('Default'),
    academicYearId: ref.academicYear(),
    startDate: field.date('Start date'),
    endDate: field.date('End date'),
  },
  listColumns: ['code', 'description', 'academicYearId', 'startDate', 'endDate', 'default'],
  searchFields: ['code', 'description'],
  sortFields: ['code', 'description', 'startDate'],
  filterFields: ['academicYearId', 'default'],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'description',
  state: { kind: 'status', lifecycle: termLifecycle },
  template: TEMPLATES.Semesters,
  rules: [dateOrder],
  sample: (s) => ({
    code: sampleCode('1SEM', s),
    description: `First Semester ${s}`,
    default: false,
    startDate: '2026-08-10',
    endDate: '2026-12-18',
  }),
});

export const academicBreakEntity = defineEntity({
  resource: 'academic-breaks',
  label: 'Academic Break',
  pluralLabel: 'Academic Breaks',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('academic-break'),
  fields: {
    name: nameField(),
    description: field.textarea('Description', { max: 1000 }),
    startDate: field.date('Start date', { required: true }),
    endDate: field.date('End date', { required: true }),
    academicYearId: ref.academicYear(),
    semesterId: ref.semester(),
    campusId: ref.campus(),
  },
  listColumns: ['name', 'startDate', 'endDate', 'academicYearId', 'campusId'],
  searchFields: ['name'],
  sortFields: ['name', 'startDate', 'endDate'],
  filterFields: ['academicYearId', 'semesterId', 'campusId'],
  defaultSort: '-startDate',
  ...namedRecord(),
  rules: [dateOrder],
  sample: (s) => ({
    name: `Christmas Break ${s}`,
    description: 'No classes; offices open on working days.',
    startDate: '2026-12-19',
    endDate: '2027-01-03',
  }),
});

/** Academic calendar events; the console shows them with breaks and grade-release dates in a month view. */
export const calendarEventEntity = defineEntity({
  resource: 'calendar-events',
  label: 'Calendar Event',
  pluralLabel: 'Calendar',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('calendar'),
  fields: {
    title: field.text('Title', { required: true, max: 200 }),
    description: field.textarea('Description', { max: 2000 }),
    category: field.enum('Category', calendarCategoryOptions, { required: true }),
    startDate: field.date('Start date', { required: true }),
    endDate: field.date('End date', { required: true }),
    campusId: ref.campus(),
  },
  listColumns: ['title', 'category', 'startDate', 'endDate', 'campusId'],
  searchFields: ['title'],
  sortFields: ['title', 'startDate', 'endDate'],
  filterFields: ['category', 'campusId'],
  defaultSort: 'startDate',
  ...recordNamedBy('title'),
  rules: [dateOrder],
  sample: (s) => ({
    title: `Midterm Examinations ${s}`,
    description: 'Midterm examinations for all undergraduate programs.',
    category: 'EXAMINATION',
    startDate: '2026-10-05',
    endDate: '2026-10-09',
  }),
});

/** When grades of a grading period are released to students. */
export const gradeReleaseDateEntity = defineEntity({
  resource: 'grade-release-dates',
  label: 'Grade Release Date',
  pluralLabel: 'Grade Release Dates',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('grade-release-date'),
  fields: {
    description: field.text('Description', { required: true, max: 200 }),
    period: field.enum('Grading period', gradingPeriodOptions, { required: true }),
    releaseDate: field.date('Release date', { required: true }),
    academicYearId: ref.academicYear(),
    semesterId: ref.semester(),
  },
  listColumns: ['description', 'period', 'releaseDate', 'academicYearId', 'semesterId'],
  searchFields: ['description'],
  sortFields: ['description', 'releaseDate'],
  filterFields: ['period', 'academicYearId', 'semesterId'],
  defaultSort: '-releaseDate',
  ...recordNamedBy('description'),
  sample: (s) => ({
    description: `Release of midterm grades ${s}`,
    period: 'MIDTERM',
    releaseDate: '2026-10-23',
  }),
});

/** Extra days after a deadline (e.g. for encoding grades) during which late work is still accepted. */
export const gracePeriodEntity = defineEntity({
  resource: 'grace-periods',
  label: 'Grace Period',
  pluralLabel: 'Grace Periods',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('grace-period'),
  fields: {
    name: nameField(),
    description: field.textarea('Description', { max: 1000 }),
    period: field.enum('Grading period', gradingPeriodOptions),
    startDate: field.date('Start date', { required: true }),
    endDate: field.date('End date', { required: true }),
    academicYearId: ref.academicYear(),
    semesterId: ref.semester(),
  },
  listColumns: ['name', 'period', 'startDate', 'endDate', 'semesterId'],
  searchFields: ['name'],
  sortFields: ['name', 'startDate', 'endDate'],
  filterFields: ['period', 'academicYearId', 'semesterId'],
  defaultSort: '-startDate',
  ...namedRecord(),
  rules: [dateOrder],
  sample: (s) => ({
    name: `Late encoding of final grades ${s}`,
    description: 'Instructors may still submit final grades.',
    period: 'FINALS',
    startDate: '2026-12-21',
    endDate: '2027-01-08',
  }),
});

/** A period during which students evaluate their instructors. */
export const studentEvaluationEntity = defineEntity({
  resource: 'student-evaluations',
  label: 'Student Evaluation',
  pluralLabel: 'Student Evaluations',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.calendar.code,
  consolePath: campusPath('student-evaluation'),
  fields: {
    name: nameField(),
    description: field.textarea('Description', { max: 2000 }),
    startDate: field.date('Start date', { required: true }),
    endDate: field.date('End date', { required: true }),
    academicYearId: ref.academicYear(),
    semesterId: ref.semester(),
  },
  listColumns: ['name', 'startDate', 'endDate', 'academicYearId', 'semesterId'],
  searchFields: ['name'],
  sortFields: ['name', 'startDate', 'endDate'],
  filterFields: ['academicYearId', 'semesterId'],
  defaultSort: '-startDate',
  ...namedRecord('name'),
  rules: [dateOrder],
  sample: (s) => ({
    name: `Faculty Evaluation, First Semester ${s}`,
    description: 'Students rate each instructor of the semester.',
    startDate: '2026-11-16',
    endDate: '2026-11-27',
  }),
});
