import { HR_RECORDS_MODULE } from './modules.js';
import { defineEntity, field } from '@campus/domain-core';
import { appointmentStatusOptions, designationCategoryOptions } from './coded-values.js';
import { notMoreThan } from './rules.js';

/** Console path of an HR list screen. */
export const hrConsolePath = (resource: string): string => `/app/campus-management/hr/${resource}`;

/** An HR department (an office of the university's plantilla), headed by an employee. */
export const hrDepartmentEntity = defineEntity({
  resource: 'hr-departments',
  label: 'Department',
  pluralLabel: 'Departments',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('hr-departments'),
  fields: {
    headId: field.reference('Head', 'employees', { labelField: 'lastName' }),
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
  },
  listColumns: ['name', 'headId', 'description'],
  searchFields: ['name', 'description'],
  sortFields: ['name'],
  filterFields: ['headId'],
  defaultSort: 'name',
  unique: [{ field: 'name', label: 'Name' }],
  displayField: 'name',
  state: { kind: 'isActive' },
  template: ['headCode', 'name', 'description'],
  sample: (s) => ({
    name: `Human Resource Management Office ${s}`,
    description: 'Records, payroll and benefits.',
  }),
});

/** A step of a salary grade of the Salary Standardization Law and its monthly salary. */
export const salaryGradeEntity = defineEntity({
  resource: 'salary-grades',
  label: 'Salary Grade',
  pluralLabel: 'Salary Grades',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('salary-grades'),
  fields: {
    name: field.text('Name', { required: true, max: 50, description: 'The grade, e.g. SG 11.' }),
    step: field.integer('Step', { required: true, min: 1, max: 8 }),
    salary: field.number('Monthly salary', { required: true, min: 0, max: 10_000_000 }),
  },
  listColumns: ['name', 'step', 'salary'],
  searchFields: ['name'],
  sortFields: ['name', 'step', 'salary'],
  filterFields: ['step'],
  defaultSort: 'name',
  // A grade has up to eight steps; the grade and step together are unique.
  unique: [{ field: 'name', label: 'Name', scope: ['step'] }],
  displayField: 'name',
  state: { kind: 'isActive' },
  template: ['name', 'step', 'salary'],
  sample: (s) => ({ name: `SG 11-${s}`, step: 1, salary: 27000 }),
});

/** A position: its plantilla item, salary grade, slots and vacancies, category and department. */
export const designationEntity = defineEntity({
  resource: 'designations',
  label: 'Designation',
  pluralLabel: 'Designations',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('designations'),
  fields: {
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
    isManagerial: field.boolean('Managerial'),
    plantillaItem: field.text('Plantilla item', { max: 100 }),
    slots: field.integer('Slots', { min: 0, max: 10_000 }),
    vacant: field.integer('Vacant', { min: 0, max: 10_000 }),
    salaryGradeId: field.reference('Salary grade', 'salary-grades'),
    salaryGradeStep: field.integer('Salary grade step', { min: 1, max: 8 }),
    monthlySalary: field.number('Monthly salary', { min: 0, max: 10_000_000 }),
    category: field.enum('Category', designationCategoryOptions, { required: true }),
    placeOfAssignment: field.text('Place of assignment', { max: 200 }),
    departmentId: field.reference('Department', 'hr-departments'),
  },
  listColumns: ['name', 'category', 'departmentId', 'salaryGradeId', 'slots', 'vacant'],
  searchFields: ['name', 'plantillaItem', 'placeOfAssignment'],
  sortFields: ['name', 'category', 'slots', 'vacant', 'monthlySalary'],
  filterFields: ['category', 'departmentId', 'isManagerial', 'salaryGradeId'],
  defaultSort: 'name',
  unique: [{ field: 'name', label: 'Name' }],
  displayField: 'name',
  state: { kind: 'isActive' },
  template: [
    'name',
    'description',
    'isManagerial',
    'plantillaItem',
    'slots',
    'vacant',
    'salaryGradeCode',
    'salaryGradeStep',
    'monthlySalary',
    'category',
    'placeOfAssignment',
    'departmentCode',
  ],
  rules: [notMoreThan('vacant', 'slots', 'Vacant slots cannot exceed the slots.')],
  sample: (s) => ({
    name: `Instructor I ${s}`,
    description: 'Teaches undergraduate courses.',
    isManagerial: false,
    plantillaItem: `INST1-${s}`,
    slots: 10,
    vacant: 2,
    salaryGradeStep: 1,
    monthlySalary: 36619,
    category: 1,
    placeOfAssignment: 'Main Campus',
  }),
});

/** An appointment of a department (spec §3: name, department), with the nature of the appointment. */
export const appointmentEntity = defineEntity({
  resource: 'appointments',
  label: 'Appointment',
  pluralLabel: 'Appointments',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('appointments'),
  fields: {
    name: field.text('Name', { required: true, max: 150 }),
    departmentId: field.reference('Department', 'hr-departments'),
    appointmentStatus: field.enum('Appointment status', appointmentStatusOptions),
    description: field.textarea('Description', { max: 500 }),
  },
  listColumns: ['name', 'departmentId', 'appointmentStatus'],
  searchFields: ['name'],
  sortFields: ['name', 'appointmentStatus'],
  filterFields: ['departmentId', 'appointmentStatus'],
  defaultSort: 'name',
  unique: [{ field: 'name', label: 'Name' }],
  displayField: 'name',
  state: { kind: 'isActive' },
  template: ['name', 'departmentCode'],
  sample: (s) => ({ name: `Original appointment ${s}`, appointmentStatus: 1 }),
});
