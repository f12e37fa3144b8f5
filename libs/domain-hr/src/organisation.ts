import { HR_RECORDS_MODULE } from './modules.js';
import { defineEntity, field, namedRecord } from '@campus/domain-core';
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
  ...namedRecord('name'),
  template: ['headCode', 'name', 'description'],
  sample: (s) => ({
    name: `Human Resource Management Office ${s}`,
    description: 'Records, payroll and benefits.',
  }),
});

/**
 * One cell of the salary grade table (grade × step) of the Salary Standardization Law: the monthly salary of a
 * step of a grade. A designation's monthly salary follows its grade and step in this table.
 */
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
    salary: field.number('Monthly salary', { required: true, min: 0, max: 10_000_000, format: 'peso' }),
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

/** A designation names its grade and step together, or neither. */
const gradeWithStep = (v: Record<string, unknown>) => {
  const hasGrade = typeof v.salaryGradeCode === 'string' && v.salaryGradeCode.trim() !== '';
  const hasStep = v.salaryGradeStep !== undefined && v.salaryGradeStep !== null;
  if (hasGrade && !hasStep) return [{ field: 'salaryGradeStep', message: 'Choose the step of the salary grade.' }];
  if (hasStep && !hasGrade) return [{ field: 'salaryGradeCode', message: 'Choose the salary grade of the step.' }];
  return undefined;
};

/**
 * The salary grade table as a grid: one row per grade (in grade order: `SG 2` before `SG 11`), the salary of each
 * step 1–8 or null where the table has no cell. Inactive cells are left out.
 */
export interface SalaryGradeCell {
  readonly id?: string;
  readonly name: string;
  readonly step: number;
  readonly salary: number;
  readonly isActive?: boolean;
}
export interface SalaryGradeRow {
  readonly grade: string;
  readonly steps: readonly ({ readonly id?: string; readonly salary: number } | null)[];
}
export const SALARY_GRADE_STEPS = 8;

export function salaryGradeGrid(cells: readonly SalaryGradeCell[]): SalaryGradeRow[] {
  const byGrade = new Map<string, ({ id?: string; salary: number } | null)[]>();
  for (const c of cells) {
    if (c.isActive === false || c.step < 1 || c.step > SALARY_GRADE_STEPS) continue;
    const key = c.name.trim();
    const steps = byGrade.get(key) ?? Array.from({ length: SALARY_GRADE_STEPS }, () => null);
    steps[c.step - 1] = c.id === undefined ? { salary: c.salary } : { id: c.id, salary: c.salary };
    byGrade.set(key, steps);
  }
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  return [...byGrade.entries()].sort(([a], [b]) => collator.compare(a, b)).map(([grade, steps]) => ({ grade, steps }));
}

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
    salaryGradeCode: field.text('Salary grade', {
      max: 50,
      description: 'A grade of the salary grade table, e.g. SG 11.',
    }),
    salaryGradeStep: field.integer('Salary grade step', { min: 1, max: 8 }),
    monthlySalary: field.number('Monthly salary', {
      min: 0,
      max: 10_000_000,
      readOnly: true,
      format: 'peso',
      description: 'Follows the salary grade table: the salary of the grade and step.',
    }),
    category: field.enum('Category', designationCategoryOptions, { required: true }),
    placeOfAssignment: field.text('Place of assignment', { max: 200 }),
    departmentId: field.reference('Department', 'hr-departments'),
  },
  listColumns: ['name', 'category', 'departmentId', 'salaryGradeCode', 'salaryGradeStep', 'monthlySalary', 'slots', 'vacant'],
  searchFields: ['name', 'plantillaItem', 'placeOfAssignment'],
  sortFields: ['name', 'category', 'slots', 'vacant', 'monthlySalary'],
  filterFields: ['category', 'departmentId', 'isManagerial', 'salaryGradeCode'],
  defaultSort: 'name',
  ...namedRecord('name'),
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
  rules: [notMoreThan('vacant', 'slots', 'Vacant slots cannot exceed the slots.'), gradeWithStep],
  sample: (s) => ({
    name: `Instructor I ${s}`,
    description: 'Teaches undergraduate courses.',
    isManagerial: false,
    plantillaItem: `INST1-${s}`,
    slots: 10,
    vacant: 2,
    salaryGradeCode: 'SG 12',
    salaryGradeStep: 1,
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
  ...namedRecord('name'),
  template: ['name', 'departmentCode'],
  sample: (s) => ({ name: `Original appointment ${s}`, appointmentStatus: 1 }),
});
