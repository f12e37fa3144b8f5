import { HR_RECORDS_MODULE } from './modules.js';
import { codedValues, defineEntity, field, recordNamedBy } from '@campus/domain-core';
import {
  appointmentStatusOptions,
  bloodTypeOptions,
  civilStatusOptions,
  employeeTypeOptions,
  sexOptions,
} from './coded-values.js';
import { hrConsolePath } from './organisation.js';
import { datesInOrder, notInTheFuture } from './rules.js';

/** Patterns of the government numbers, in the form the console's masks produce. */
export const GOVERNMENT_NUMBER_PATTERNS = {
  tin: {
    regex: /^\d{3}-\d{3}-\d{3}(-\d{1,4})?$/,
    message: 'Enter the TIN as 123-456-789 or 123-456-789-000.',
  },
  healthNumber: { regex: /^\d{2}-\d{9}-\d{1,2}$/, message: 'Enter the PhilHealth number as 12-345678901-2.' },
  gsis: { regex: /^\d{11}$/, message: 'Enter the 11-digit GSIS BP number.' },
  pagibig: { regex: /^\d{4}-?\d{4}-?\d{4}$/, message: 'Enter the 12-digit Pag-IBIG MID number.' },
  sss: { regex: /^\d{2}-?\d{7}-?\d$/, message: 'Enter the SSS number as 12-3456789-0.' },
} as const;

const PHONE = { regex: /^[0-9+()\- ]{7,30}$/, message: 'Enter a phone number (digits, spaces, + ( ) -).' };
const ZIP = { regex: /^\d{4}$/, message: 'Enter the 4-digit ZIP code.' };

/**
 * An employee: the personal data sheet of a Philippine civil-service employee (CS Form 212) — names, birth,
 * sex and civil status, addresses, contact, government numbers — with the appointment, designation and
 * department. The family, education, eligibility and the other PDS sections are sub-records (see
 * `employee-sub-records.ts`).
 */
export const employeeEntity = defineEntity({
  resource: 'employees',
  label: 'Employee',
  pluralLabel: 'Employees',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('employees'),
  fields: {
    employeeNumber: field.text('Employee number', { required: true, max: 30, mask: 'upper' }),
    firstName: field.text('First name', { required: true, max: 100 }),
    middleName: field.text('Middle name', { max: 100 }),
    lastName: field.text('Last name', { required: true, max: 100 }),
    nameExtension: field.text('Name extension', { max: 10, description: 'JR., SR., III' }),
    birthDate: field.date('Birth date'),
    birthPlace: field.text('Birth place', { max: 200 }),
    sex: field.enum('Sex', sexOptions),
    civilStatus: field.enum('Civil status', civilStatusOptions),
    citizenship: field.text('Citizenship', { max: 100 }),
    height: field.number('Height (m)', { min: 0.5, max: 2.5 }),
    weight: field.number('Weight (kg)', { min: 10, max: 300 }),
    bloodType: field.enum('Blood type', bloodTypeOptions),
    residentialAddress: field.text('Residential address', { max: 300 }),
    residentialZipCode: field.text('Residential ZIP code', { max: 4, pattern: ZIP }),
    permanentAddress: field.text('Permanent address', { max: 300 }),
    permanentZipCode: field.text('Permanent ZIP code', { max: 4, pattern: ZIP }),
    telephoneNumber: field.text('Telephone number', { max: 30, pattern: PHONE }),
    mobileNumber: field.text('Mobile number', { max: 30, pattern: PHONE }),
    email: field.email('Email'),
    tin: field.text('TIN', { max: 16, mask: 'tin', pattern: GOVERNMENT_NUMBER_PATTERNS.tin }),
    gsisNumber: field.text('GSIS number', { max: 11, pattern: GOVERNMENT_NUMBER_PATTERNS.gsis }),
    philhealthNumber: field.text('PhilHealth number', {
      max: 15,
      mask: 'health-number',
      pattern: GOVERNMENT_NUMBER_PATTERNS.healthNumber,
    }),
    pagibigNumber: field.text('Pag-IBIG number', { max: 14, pattern: GOVERNMENT_NUMBER_PATTERNS.pagibig }),
    sssNumber: field.text('SSS number', { max: 12, pattern: GOVERNMENT_NUMBER_PATTERNS.sss }),
    employeeType: field.enum('Employee type', employeeTypeOptions, { required: true }),
    appointmentStatus: field.enum('Appointment status', appointmentStatusOptions),
    designationId: field.reference('Designation', 'designations'),
    departmentId: field.reference('Department', 'hr-departments'),
    dateHired: field.date('Date hired'),
  },
  listColumns: ['employeeNumber', 'lastName', 'firstName', 'designationId', 'departmentId', 'employeeType'],
  searchFields: ['employeeNumber', 'lastName', 'firstName', 'email'],
  sortFields: ['employeeNumber', 'lastName', 'firstName', 'dateHired'],
  filterFields: ['employeeType', 'appointmentStatus', 'designationId', 'departmentId', 'sex'],
  defaultSort: 'lastName',
  ...recordNamedBy('lastName', { field: 'employeeNumber', label: 'Code' }),
  rules: [
    notInTheFuture('birthDate', 'The birth date cannot be in the future.'),
    datesInOrder('birthDate', 'dateHired', 'The date hired cannot be before the birth date.'),
  ],
  sample: (s) => ({
    employeeNumber: `EMP-${s}`.toUpperCase(),
    firstName: 'Jose',
    middleName: 'Mercado',
    lastName: `Rizal ${s}`,
    nameExtension: '',
    birthDate: '1990-06-19',
    birthPlace: 'Calamba, Laguna',
    sex: 'Male',
    civilStatus: 'Single',
    citizenship: 'Filipino',
    height: 1.6,
    weight: 60,
    bloodType: 'O+',
    residentialAddress: '123 Mabini St., Brgy. Poblacion, Calamba, Laguna',
    residentialZipCode: '4027',
    permanentAddress: '123 Mabini St., Brgy. Poblacion, Calamba, Laguna',
    permanentZipCode: '4027',
    mobileNumber: '+63 917 555 0123',
    email: `jose.rizal.${s}@example.edu.ph`.toLowerCase(),
    tin: '123-456-789-000',
    gsisNumber: '02003456789',
    philhealthNumber: '12-345678901-2',
    pagibigNumber: '1234-5678-9012',
    sssNumber: '34-5678901-2',
    employeeType: 'PLANTILLA',
    appointmentStatus: 1,
    dateHired: '2015-06-01',
  }),
});

/** Work experience (PDS section V): positions held, in government or not. */
export const workExperienceEntity = defineEntity({
  resource: 'work-experiences',
  label: 'Work Experience',
  pluralLabel: 'Work Experiences',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('work-experiences'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName' }),
    from: field.date('From', { required: true }),
    to: field.date('To', { description: 'Leave empty while still held.' }),
    positionTitle: field.text('Position title', { required: true, max: 150 }),
    company: field.text('Department / agency / office / company', { required: true, max: 200 }),
    monthlySalary: field.number('Monthly salary', { min: 0, max: 10_000_000, format: 'peso' }),
    salaryGrade: field.text('Salary grade and step', {
      max: 10,
      pattern: { regex: /^\d{1,2}(-\d)?$/, message: 'Enter the grade and step as 11-1.' },
    }),
    appointmentStatus: field.enum('Status of appointment', appointmentStatusOptions),
    isGovernmentService: field.boolean('Government service'),
  },
  listColumns: ['employeeId', 'from', 'to', 'positionTitle', 'company', 'isGovernmentService'],
  searchFields: ['positionTitle', 'company'],
  sortFields: ['from', 'to', 'positionTitle'],
  filterFields: ['employeeId', 'isGovernmentService', 'appointmentStatus'],
  defaultSort: '-from',
  ...recordNamedBy('positionTitle'),
  rules: [datesInOrder('from', 'to', 'The end date cannot be before the start date.')],
  sample: (s) => ({
    from: '2012-06-01',
    to: '2015-05-31',
    positionTitle: `Teacher I ${s}`,
    company: 'Department of Education',
    monthlySalary: 18549,
    salaryGrade: '11-1',
    appointmentStatus: 1,
    isGovernmentService: true,
  }),
});

/** Branch of government service on a service record. */
export const serviceBranchOptions = codedValues([
  ['NATIONAL', 'National'],
  ['LOCAL', 'Local'],
  ['GOCC', 'Government-owned or -controlled corporation'],
  ['SUC', 'State university or college'],
] as const);

/** Service record (the official record of government service): one row per appointment held. */
export const serviceRecordEntity = defineEntity({
  resource: 'service-records',
  label: 'Service Record',
  pluralLabel: 'Service Records',
  application: 'CAMPUS',
  module: HR_RECORDS_MODULE.code,
  consolePath: hrConsolePath('service-records'),
  fields: {
    employeeId: field.reference('Employee', 'employees', { required: true, labelField: 'lastName' }),
    from: field.date('From', { required: true }),
    to: field.date('To'),
    designation: field.text('Designation', { required: true, max: 150 }),
    appointmentStatus: field.enum('Status', appointmentStatusOptions),
    annualSalary: field.number('Annual salary', { min: 0, max: 100_000_000, format: 'peso' }),
    placeOfAssignment: field.text('Station / place of assignment', { max: 200 }),
    branch: field.enum('Branch', serviceBranchOptions),
    leaveWithoutPay: field.text('Leave without pay', { max: 100 }),
    separationDate: field.date('Separation date'),
    separationCause: field.text('Separation cause', { max: 200 }),
  },
  listColumns: ['employeeId', 'from', 'to', 'designation', 'appointmentStatus', 'annualSalary'],
  searchFields: ['designation', 'placeOfAssignment'],
  sortFields: ['from', 'to', 'designation'],
  filterFields: ['employeeId', 'appointmentStatus', 'branch'],
  defaultSort: '-from',
  ...recordNamedBy('designation'),
  rules: [
    datesInOrder('from', 'to', 'The end date cannot be before the start date.'),
    datesInOrder('from', 'separationDate', 'The separation date cannot be before the start date.'),
  ],
  sample: (s) => ({
    from: '2015-06-01',
    to: '2020-12-31',
    designation: `Instructor I ${s}`,
    appointmentStatus: 1,
    annualSalary: 439428,
    placeOfAssignment: 'Main Campus',
    branch: 'SUC',
  }),
});
