import { CAMPUS_MODULES } from '../modules.js';
import { defineEntity, field, recordNamedBy } from '@campus/domain-core';
import { civilStatusOptions, genderOptions } from '../coded.js';
import { notInFuture } from '../rules.js';
import { TEMPLATES } from '../templates.js';
import { campusPath, phoneField, ref, sampleCode } from './common.js';

const personNames = {
  firstName: field.text('First name', { required: true, max: 100 }),
  middleName: field.text('Middle name', { max: 100 }),
  lastName: field.text('Last name', { required: true, max: 100 }),
};

/** Instructors, keyed by employee number (the `instructorCode` other records use). */
export const instructorEntity = defineEntity({
  resource: 'instructors',
  label: 'Instructor',
  pluralLabel: 'Instructors',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.people.code,
  consolePath: campusPath('instructors'),
  fields: {
    employeeNumber: field.text('Employee number', { required: true, max: 50 }),
    ...personNames,
    contactNumber: phoneField('Contact number'),
    isDean: field.boolean('Dean'),
    isChairPerson: field.boolean('Chairperson'),
  },
  listColumns: ['employeeNumber', 'lastName', 'firstName', 'middleName', 'isDean', 'isChairPerson'],
  searchFields: ['employeeNumber', 'lastName', 'firstName'],
  sortFields: ['employeeNumber', 'lastName', 'firstName'],
  filterFields: ['isDean', 'isChairPerson'],
  defaultSort: 'lastName',
  ...recordNamedBy('lastName', { field: 'employeeNumber', label: 'Code' }),
  template: TEMPLATES.Instructors,
  sample: (s) => ({
    employeeNumber: sampleCode('EMP', s),
    firstName: 'Jose',
    middleName: 'Mangubat',
    lastName: `Rizal ${s}`,
    contactNumber: '+63 917 555 0101',
    isDean: false,
    isChairPerson: false,
  }),
});

/**
 * Students, keyed by student number. The template's `names` column is kept as first, middle and last name;
 * `subjects_enrolled` becomes the list of subjects the student is enrolled in.
 */
export const studentEntity = defineEntity({
  resource: 'students',
  label: 'Student',
  pluralLabel: 'Students',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.people.code,
  consolePath: campusPath('students'),
  fields: {
    studentNumber: field.text('Student number', { required: true, max: 50 }),
    ...personNames,
    extension: field.text('Extension', { max: 10, description: 'Jr., Sr., III…' }),
    email: field.email('Email'),
    contactNumber: phoneField('Contact number'),
    gender: field.enum('Gender', genderOptions),
    civilStatus: field.enum('Civil status', civilStatusOptions),
    birthDate: field.date('Birth date'),
    birthPlace: field.text('Birth place', { max: 200 }),
    nationality: field.text('Nationality', { max: 100 }),
    religion: field.text('Religion', { max: 100 }),
    address: field.text('Address', { max: 300 }),
    avatar: field.url('Photo'),
    signature: field.url('Signature'),
    guardianCode: field.text('Guardian code', { max: 50 }),
    campusId: ref.campus(true),
    collegeId: ref.college(),
    courseId: ref.course(true),
    admittedAcademicYearId: ref.academicYear('Admitted academic year'),
    admittedSemesterId: ref.semester('Admitted semester'),
    subjectIds: field.references('Subjects enrolled', 'subjects'),
  },
  listColumns: ['studentNumber', 'lastName', 'firstName', 'middleName', 'courseId', 'campusId'],
  searchFields: ['studentNumber', 'lastName', 'firstName', 'email'],
  sortFields: ['studentNumber', 'lastName', 'firstName'],
  filterFields: ['campusId', 'collegeId', 'courseId', 'gender', 'civilStatus'],
  defaultSort: 'lastName',
  ...recordNamedBy('lastName', { field: 'studentNumber', label: 'Code' }),
  template: TEMPLATES.Students,
  rules: [notInFuture('birthDate', 'The birth date cannot be in the future.')],
  sample: (s) => ({
    studentNumber: sampleCode('2026', s),
    firstName: 'Andres',
    middleName: 'de Castro',
    lastName: `Bonifacio ${s}`,
    extension: 'Jr.',
    email: `andres.${s}@students.example.edu.ph`.toLowerCase(),
    contactNumber: '+63 918 555 0199',
    gender: 'Male',
    civilStatus: 'Single',
    birthDate: '2007-11-30',
    birthPlace: 'Tondo, Manila',
    nationality: 'Filipino',
    religion: 'Roman Catholic',
    address: 'Marawi City, Lanao del Sur',
    subjectIds: [],
  }),
});
