import { CAMPUS_MODULES } from '../modules.js';
import { defineEntity, field, namedRecord } from '@campus/domain-core';
import { subjectTypeOptions } from '../coded.js';
import { TEMPLATES } from '../templates.js';
import { campusPath, codeField, nameField, phoneField, ref, sampleCode } from './common.js';

export const campusEntity = defineEntity({
  resource: 'campuses',
  label: 'Campus',
  pluralLabel: 'Campuses',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('campuses'),
  fields: {
    code: codeField(),
    name: nameField(),
    address: field.text('Address', { max: 300 }),
    email: field.email('Email'),
    contactNo: phoneField('Contact number'),
    lat: field.number('Latitude', { min: -90, max: 90 }),
    long: field.number('Longitude', { min: -180, max: 180 }),
    isMain: field.boolean('Main campus'),
  },
  listColumns: ['code', 'name', 'address', 'contactNo', 'isMain'],
  searchFields: ['code', 'name', 'address'],
  sortFields: ['code', 'name'],
  filterFields: ['isMain'],
  defaultSort: 'name',
  ...namedRecord('code', 'name'),
  template: TEMPLATES.Campuses,
  sample: (s) => ({
    code: sampleCode('MAR', s),
    name: `Marawi Campus ${s}`,
    address: 'Lanao del Sur, 9700 Philippines',
    email: `campus.${s}@example.edu.ph`.toLowerCase(),
    contactNo: '(063) 352 0000',
    lat: 8.0,
    long: 124.3,
    isMain: false,
  }),
});

export const collegeEntity = defineEntity({
  resource: 'colleges',
  label: 'College',
  pluralLabel: 'Colleges',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('colleges'),
  fields: {
    code: codeField(),
    name: nameField(),
    campusId: ref.campus(true),
    email: field.email('Email'),
    contactNumber: phoneField('Contact number'),
    employeeCode: field.text('Secretary employee number', { max: 50 }),
    deanId: ref.instructor('Dean'),
  },
  listColumns: ['code', 'name', 'campusId', 'deanId'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['campusId'],
  defaultSort: 'name',
  ...namedRecord('code'),
  template: TEMPLATES.Colleges,
  sample: (s) => ({
    code: sampleCode('CICS', s),
    name: `College of Information and Computing Sciences ${s}`,
    email: `cics.${s}@example.edu.ph`.toLowerCase(),
    contactNumber: '(063) 352 0101',
  }),
});

export const academicDepartmentEntity = defineEntity({
  resource: 'academic-departments',
  label: 'Department',
  pluralLabel: 'Departments',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('departments'),
  fields: {
    code: codeField(),
    name: nameField(),
    collegeId: ref.college(true),
    chairPersonId: ref.instructor('Chairperson'),
    campusId: ref.campus(),
  },
  listColumns: ['code', 'name', 'collegeId', 'chairPersonId', 'campusId'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['collegeId', 'campusId'],
  defaultSort: 'name',
  ...namedRecord('code'),
  template: TEMPLATES.AcademicDepartments,
  sample: (s) => ({ code: sampleCode('DIT', s), name: `Department of Information Technology ${s}` }),
});

/** Degree programs; the console calls them Programs (spec §2). */
export const courseEntity = defineEntity({
  resource: 'courses',
  label: 'Program',
  pluralLabel: 'Programs',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('courses'),
  fields: {
    code: codeField(),
    name: nameField(),
    departmentId: ref.department(true),
    campusId: ref.campus(),
  },
  listColumns: ['code', 'name', 'departmentId', 'campusId'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['departmentId', 'campusId'],
  defaultSort: 'name',
  ...namedRecord('code'),
  template: TEMPLATES.Courses,
  sample: (s) => ({
    code: sampleCode('BSIT', s),
    name: `Bachelor of Science in Information Technology ${s}`,
  }),
});

export const subjectEntity = defineEntity({
  resource: 'subjects',
  label: 'Subject',
  pluralLabel: 'Subjects',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('subjects'),
  fields: {
    code: codeField(),
    name: nameField(),
    subjectType: field.enum('Subject type', subjectTypeOptions, { required: true }),
    description: field.textarea('Description', { max: 1000 }),
    departmentId: ref.department(),
    units: field.number('Units', { required: true, min: 0, max: 30 }),
  },
  listColumns: ['code', 'name', 'subjectType', 'units', 'departmentId'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'units'],
  filterFields: ['subjectType', 'departmentId'],
  defaultSort: 'code',
  ...namedRecord('code'),
  template: TEMPLATES.Subjects,
  sample: (s) => ({
    code: sampleCode('IT101', s),
    name: `Introduction to Computing ${s}`,
    subjectType: 'LEC-LAB',
    description: 'Computer systems, software and the basics of programming.',
    units: 3,
  }),
});

/**
 * Rooms. The template names a room by `name` only, but sections refer to a `roomCode`, so a room also has a
 * unique code; the same room name may appear on several campuses.
 */
export const roomEntity = defineEntity({
  resource: 'rooms',
  label: 'Room',
  pluralLabel: 'Rooms',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.structure.code,
  consolePath: campusPath('rooms'),
  fields: {
    code: codeField(),
    name: nameField(),
    floor: field.text('Floor', { max: 30 }),
    building: field.text('Building', { max: 150 }),
    campusId: ref.campus(true),
    capacity: field.integer('Capacity', { min: 1, max: 5000 }),
  },
  listColumns: ['code', 'name', 'building', 'floor', 'capacity', 'campusId'],
  searchFields: ['code', 'name', 'building'],
  sortFields: ['code', 'name', 'building', 'capacity'],
  filterFields: ['campusId'],
  defaultSort: 'name',
  ...namedRecord('code'),
  template: TEMPLATES.Rooms,
  sample: (s) => ({
    code: sampleCode('CICS-201', s),
    name: `Computer Laboratory ${s}`,
    floor: '2nd',
    building: 'CICS Building',
    capacity: 40,
  }),
});
