import { codedValues } from '@campus/domain-core';

/** Spec §3: Gender: Male/Female/Other. */
export const genderOptions = codedValues([
  ['Male', 'Male'],
  ['Female', 'Female'],
  ['Other', 'Other'],
] as const);
export type Gender = (typeof genderOptions)[number]['value'];

/** Spec §3: Civil status: Single/Married/Widowed. */
export const civilStatusOptions = codedValues([
  ['Single', 'Single'],
  ['Married', 'Married'],
  ['Widowed', 'Widowed'],
] as const);
export type CivilStatus = (typeof civilStatusOptions)[number]['value'];

/** Spec §3: weekday codes in week order. `TH` is Thursday and `A` is Sunday, as Philippine class schedules write them. */
export const weekdayOptions = codedValues([
  ['M', 'Monday'],
  ['T', 'Tuesday'],
  ['W', 'Wednesday'],
  ['TH', 'Thursday'],
  ['F', 'Friday'],
  ['S', 'Saturday'],
  ['A', 'Sunday'],
] as const);
export type WeekdayCode = (typeof weekdayOptions)[number]['value'];

export const subjectTypeOptions = codedValues([
  ['LEC', 'Lecture'],
  ['LAB', 'Laboratory'],
  ['LEC-LAB', 'Lecture with laboratory'],
] as const);
export type SubjectType = (typeof subjectTypeOptions)[number]['value'];

export const yearLevelOptions = codedValues([
  [1, 'First year'],
  [2, 'Second year'],
  [3, 'Third year'],
  [4, 'Fourth year'],
  [5, 'Fifth year'],
] as const);
export type YearLevel = (typeof yearLevelOptions)[number]['value'];

/** Where an enrolled student stands in a section (the template's `status`; the record's on/off is `isActive`). */
export const enrollmentStatusOptions = codedValues([
  ['ENROLLED', 'Enrolled'],
  ['PASSED', 'Passed'],
  ['FAILED', 'Failed'],
  ['INCOMPLETE', 'Incomplete'],
  ['DROPPED', 'Dropped'],
] as const);
export type EnrollmentStatus = (typeof enrollmentStatusOptions)[number]['value'];

/** Spec §3: broadcast audience. */
export const audienceOptions = codedValues([
  ['ALL', 'Everyone'],
  ['CAMPUS', 'A campus'],
  ['DEPARTMENTS', 'Departments'],
  ['DESIGNATIONS', 'Designations'],
  ['EMPLOYEES', 'Employees'],
  ['STUDENTS', 'Students'],
  ['GUARDIANS', 'Guardians'],
  ['CUSTOM', 'Custom list'],
] as const);
export type Audience = (typeof audienceOptions)[number]['value'];

/** A word-bank entry either blocks a word or phrase, or allows one that contains a blocked word. */
export const profanityKindOptions = codedValues([
  ['BLOCK', 'Block'],
  ['ALLOW', 'Allow'],
] as const);
export type ProfanityKind = (typeof profanityKindOptions)[number]['value'];

export const calendarCategoryOptions = codedValues([
  ['ACADEMIC', 'Academic'],
  ['ENROLLMENT', 'Enrolment'],
  ['EXAMINATION', 'Examination'],
  ['HOLIDAY', 'Holiday'],
  ['DEADLINE', 'Deadline'],
  ['EVENT', 'University event'],
] as const);
export type CalendarCategory = (typeof calendarCategoryOptions)[number]['value'];

/** The grading period a grade release or a grace period belongs to. */
export const gradingPeriodOptions = codedValues([
  ['MIDTERM', 'Midterm'],
  ['FINALS', 'Finals'],
] as const);
export type GradingPeriod = (typeof gradingPeriodOptions)[number]['value'];
