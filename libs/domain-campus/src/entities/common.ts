import { field } from '@campus/domain-core';

/** Console path of a Campus Management screen. */
export const campusPath = (segment: string): string => `/app/campus-management/${segment}`;

export const codeField = (label = 'Code') => field.text(label, { required: true, max: 50, mask: 'upper' });
export const nameField = (label = 'Name') => field.text(label, { required: true, max: 150 });

export const phoneField = (label: string) =>
  field.text(label, {
    max: 30,
    pattern: { regex: /^[0-9+()\- ]{7,30}$/, message: 'Enter a phone number (digits, spaces, + ( ) -).' },
  });

/** A four-digit calendar year, as academic years are written (2026–2027). */
export const yearField = (label: string) => field.integer(label, { required: true, min: 1900, max: 2200 });

export const percentField = (label: string, required = false) =>
  field.number(label, { required, min: 0, max: 100 });

/** Reference fields used across campus records, labelled by the referenced record's name. */
export const ref = {
  campus: (required = false) => field.reference('Campus', 'campuses', { required }),
  college: (required = false) => field.reference('College', 'colleges', { required }),
  department: (required = false) => field.reference('Department', 'academic-departments', { required }),
  course: (required = false) => field.reference('Program', 'courses', { required }),
  subject: (required = false) => field.reference('Subject', 'subjects', { required }),
  room: (required = false) => field.reference('Room', 'rooms', { required }),
  schedule: (required = false) => field.reference('Schedule', 'schedules', { required }),
  instructor: (label = 'Instructor', required = false) =>
    field.reference(label, 'instructors', { required, labelField: 'lastName' }),
  student: (required = false) => field.reference('Student', 'students', { required, labelField: 'lastName' }),
  section: (required = false) => field.reference('Section', 'sections', { required }),
  academicYear: (label = 'Academic year', required = false) =>
    field.reference(label, 'academic-years', { required, labelField: 'description' }),
  semester: (label = 'Semester', required = false) =>
    field.reference(label, 'semesters', { required, labelField: 'description' }),
};

/** Upper-case, length-limited code built from a prefix and a sample suffix. */
export const sampleCode = (prefix: string, suffix: string): string =>
  `${prefix}-${suffix}`.toUpperCase().slice(0, 50);
