import { type AnyEntity, codedValues, defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';
import { applicationCodeOptions } from './applications.js';
import { checkPassword } from './password.js';

const base = '/app/access-management';

/** The code of an application (a launcher code such as `CAMPUS`, or one of a registered university application). */
const applicationCodeField = (label: string, required = true) =>
  field.text(label, {
    required,
    max: 30,
    mask: 'upper',
    pattern: { regex: /^[A-Z][A-Z0-9_-]{1,29}$/, message: 'Use 2–30 capital letters, digits, - or _, starting with a letter.' },
  });

/** The launcher applications as records (spec §3 Applications: name, description, applicationURL, active). */
export const applicationEntity = defineEntity({
  resource: 'applications',
  label: 'Application',
  pluralLabel: 'Applications',
  application: 'IAM',
  consolePath: `${base}/applications`,
  fields: {
    // The eight launcher applications keep their codes; any other university application registered for single
    // sign-on gets a code of its own.
    code: applicationCodeField('Code'),
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
    applicationURL: field.url('Application URL'),
  },
  listColumns: ['code', 'name', 'description', 'applicationURL'],
  searchFields: ['name', 'description'],
  sortFields: ['code', 'name'],
  filterFields: ['code'],
  defaultSort: 'name',
  ...namedRecord('code', 'name'),
  sample: (s) => ({
    code: `APP-${s}`.toUpperCase().replace(/[^A-Z0-9_-]/g, '').slice(0, 30),
    name: `Analytics and Reports ${s}`,
    description: 'Dashboards for chatbot, support and tickets.',
    applicationURL: '/app/analytics',
  }),
});

/** A module of an application: the unit a role grants. */
export const moduleEntity = defineEntity({
  resource: 'modules',
  label: 'Module',
  pluralLabel: 'Modules',
  application: 'IAM',
  consolePath: `${base}/modules`,
  fields: {
    code: field.text('Code', { required: true, max: 50, mask: 'upper' }),
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
    applicationCode: applicationCodeField('Application'),
  },
  listColumns: ['code', 'name', 'applicationCode', 'description'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'applicationCode'],
  filterFields: ['applicationCode'],
  defaultSort: 'code',
  ...namedRecord('code'),
  sample: (s) => ({
    code: `SECTIONS-${s}`.toUpperCase(),
    name: `Sections ${s}`,
    description: 'Create sections, assign instructors and set grading weights.',
    applicationCode: 'CAMPUS',
  }),
});

/** Whether a linked service opens in the console's window or a new one. */
export const serviceTargetOptions = codedValues([
  ['_self', 'Same window'],
  ['_blank', 'New window'],
] as const);

/** A service reachable from the console (spec §3 Services: name, url, target, active). */
export const serviceEntity = defineEntity({
  resource: 'services',
  label: 'Service',
  pluralLabel: 'Services',
  application: 'IAM',
  consolePath: `${base}/services`,
  fields: {
    name: field.text('Name', { required: true, max: 150 }),
    url: field.url('URL', { required: true }),
    target: field.enum('Target', serviceTargetOptions, { required: true }),
    description: field.textarea('Description', { max: 500 }),
    applicationCode: applicationCodeField('Application', false),
  },
  listColumns: ['name', 'url', 'target'],
  searchFields: ['name', 'url'],
  sortFields: ['name', 'url'],
  filterFields: ['target'],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({
    name: `Student Portal ${s}`,
    url: `https://portal.example.edu.ph/${s}`,
    target: '_blank',
    description: 'Grades, schedules and enrolment for students.',
  }),
});

/** A role grants modules of one application; users hold roles. */
export const roleEntity = defineEntity({
  resource: 'roles',
  label: 'Role',
  pluralLabel: 'Roles',
  application: 'IAM',
  consolePath: `${base}/roles`,
  fields: {
    name: field.text('Name', { required: true, max: 150 }),
    description: field.textarea('Description', { max: 500 }),
    applicationCode: applicationCodeField('Application'),
    moduleIds: field.references('Modules', 'modules'),
  },
  listColumns: ['name', 'applicationCode', 'description'],
  searchFields: ['name', 'description'],
  sortFields: ['name', 'applicationCode'],
  filterFields: ['applicationCode'],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({
    name: `Registrar ${s}`,
    description: 'Maintains sections, enrolments and grade release dates.',
    applicationCode: 'CAMPUS',
    moduleIds: [],
  }),
});

/**
 * A user account. The temporary password is set on create only, never returned, and must be changed at first
 * sign-in. An email clash is reported with the spec's `Name is existing in …` wording (the spec knows only
 * code and name clashes), naming the holder by last name.
 */
export const userEntity = defineEntity({
  resource: 'users',
  label: 'User',
  pluralLabel: 'Users',
  application: 'IAM',
  consolePath: `${base}/users`,
  fields: {
    email: field.email('Email', { required: true }),
    temporaryPassword: field.password('Temporary password', {
      required: true,
      createOnly: true,
      writeOnly: true,
    }),
    firstName: field.text('First name', { required: true, max: 100 }),
    middleName: field.text('Middle name', { max: 100 }),
    lastName: field.text('Last name', { required: true, max: 100 }),
    contactNo: field.text('Contact number', {
      max: 30,
      pattern: { regex: /^[0-9+()\- ]{7,30}$/, message: 'Enter a phone number (digits, spaces, + ( ) -).' },
    }),
    iamAdmin: field.boolean('IAM administrator'),
    adminScopes: field.multiEnum('Admin scopes', applicationCodeOptions),
    roleIds: field.references('Roles', 'roles'),
    employeeId: field.reference('Employee', 'employees', { labelField: 'lastName' }),
  },
  listColumns: ['email', 'firstName', 'lastName', 'adminScopes', 'iamAdmin'],
  searchFields: ['email', 'firstName', 'lastName'],
  sortFields: ['email', 'firstName', 'lastName'],
  filterFields: ['iamAdmin', 'adminScopes'],
  defaultSort: 'lastName',
  ...recordNamedBy('lastName', { field: 'email', label: 'Email' }),
  rules: [
    (v) =>
      typeof v.temporaryPassword === 'string'
        ? checkPassword(v.temporaryPassword).map((message) => ({ field: 'temporaryPassword', message }))
        : undefined,
  ],
  sample: (s) => ({
    email: `maria.santos.${s}@example.edu.ph`.toLowerCase(),
    temporaryPassword: `Tala-Kampus-${s}-Bukas`,
    firstName: 'Maria',
    middleName: 'Reyes',
    lastName: `Santos ${s}`,
    contactNo: '+63 917 555 0142',
    iamAdmin: false,
    adminScopes: ['CAMPUS'],
    roleIds: [],
  }),
});

/** Every Access Management entity, in menu order. */
export const iamEntities: readonly AnyEntity[] = [
  applicationEntity,
  moduleEntity,
  serviceEntity,
  roleEntity,
  userEntity,
];
