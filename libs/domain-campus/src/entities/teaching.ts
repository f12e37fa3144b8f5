import { CAMPUS_MODULES } from '../modules.js';
import { defineEntity, field, namedRecord, recordNamedBy } from '@campus/domain-core';
import { enrollmentStatusOptions, weekdayOptions, yearLevelOptions } from '../coded.js';
import { sectionLifecycle } from '../lifecycles.js';
import { availableSlotsWithinSlots, orderRule, weightsSumTo100 } from '../rules.js';
import { TEMPLATES } from '../templates.js';
import { campusPath, codeField, nameField, percentField, ref, sampleCode } from './common.js';

/**
 * Class schedules (template: name, from, to, days). Sections refer to a `scheduleCode`, so a schedule also has a
 * unique code. A room or an instructor booked twice at the same time is refused by the API with
 * `schedulesOverlap` / `scheduleClashes`.
 */
export const scheduleEntity = defineEntity({
  resource: 'schedules',
  label: 'Schedule',
  pluralLabel: 'Schedules',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.classes.code,
  consolePath: campusPath('schedules'),
  fields: {
    code: codeField(),
    name: nameField(),
    days: field.multiEnum('Days', weekdayOptions, { required: true }),
    from: field.time('From', { required: true }),
    to: field.time('To', { required: true }),
    roomId: ref.room(),
    instructorId: ref.instructor(),
  },
  listColumns: ['code', 'name', 'days', 'from', 'to', 'roomId', 'instructorId'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'from'],
  filterFields: ['roomId', 'instructorId'],
  defaultSort: 'code',
  ...namedRecord('code'),
  template: TEMPLATES.Schedules,
  rules: [
    orderRule('from', 'to', 'time', 'The end time must be after the start time.'),
    (v) =>
      Array.isArray(v.days) && v.days.length === 0
        ? [{ field: 'days', message: 'Choose at least one day.' }]
        : undefined,
  ],
  sample: (s) => ({
    code: sampleCode('SCH', s),
    name: `MWF 07:30–08:30 ${s}`,
    days: ['M', 'W', 'F'],
    from: '07:30:00',
    to: '08:30:00',
  }),
});

const weight = (label: string) => percentField(label, true);

export const sectionEntity = defineEntity({
  resource: 'sections',
  label: 'Section',
  pluralLabel: 'Sections',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.classes.code,
  consolePath: campusPath('sections'),
  fields: {
    code: codeField(),
    name: nameField(),
    courseId: ref.course(),
    roomId: ref.room(),
    scheduleId: ref.schedule(),
    instructorId: ref.instructor(),
    subjectId: ref.subject(true),
    semesterId: ref.semester('Semester', true),
    academicYearId: ref.academicYear('Academic year', true),
    departmentId: ref.department(),
    campusId: ref.campus(),
    term: field.text('Term', { max: 50 }),
    daysMidterm: field.integer('Class days until midterm', { min: 0, max: 200 }),
    daysFinals: field.integer('Class days until finals', { min: 0, max: 200 }),
    laboratory: field.boolean('Has laboratory'),
    slot: field.integer('Slots', { required: true, min: 1, max: 1000 }),
    availableSlots: field.integer('Available slots', { min: 0, max: 1000 }),
    participation: weight('Participation weight (%)'),
    exam: weight('Exam weight (%)'),
    project: weight('Project weight (%)'),
    activity: weight('Activity weight (%)'),
    quiz: weight('Quiz weight (%)'),
    recitation: weight('Recitation weight (%)'),
    assignment: weight('Assignment weight (%)'),
    attendance: weight('Attendance weight (%)'),
    participationOverall: field.number('Participation overall points', { min: 0, max: 10000 }),
    recitationOverall: field.number('Recitation overall points', { min: 0, max: 10000 }),
    gradeRatings: field.text('Grade ratings', { max: 200 }),
    bannerImage: field.url('Banner image'),
  },
  listColumns: [
    'code',
    'name',
    'subjectId',
    'instructorId',
    'scheduleId',
    'roomId',
    'slot',
    'availableSlots',
  ],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'slot', 'availableSlots'],
  filterFields: [
    'campusId',
    'departmentId',
    'courseId',
    'subjectId',
    'instructorId',
    'semesterId',
    'academicYearId',
  ],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'name',
  state: { kind: 'status', lifecycle: sectionLifecycle },
  template: TEMPLATES.Sections,
  rules: [weightsSumTo100, availableSlotsWithinSlots],
  sample: (s) => ({
    code: sampleCode('IT101-A', s),
    name: `BSIT 1-A Introduction to Computing ${s}`,
    term: 'First term',
    daysMidterm: 36,
    daysFinals: 36,
    laboratory: true,
    slot: 40,
    availableSlots: 40,
    participation: 10,
    exam: 30,
    project: 10,
    activity: 10,
    quiz: 15,
    recitation: 10,
    assignment: 5,
    attendance: 10,
    participationOverall: 100,
    recitationOverall: 100,
  }),
});

/** A student's enrolment in a section, with the grades of both grading periods. */
export const enrolledStudentEntity = defineEntity({
  resource: 'enrolled-students',
  label: 'Enrolled Student',
  pluralLabel: 'Enrolled Students',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.classes.code,
  consolePath: campusPath('enrolled-students'),
  fields: {
    studentId: ref.student(true),
    sectionId: ref.section(true),
    courseId: ref.course(),
    instructorId: ref.instructor(),
    subjectId: ref.subject(),
    yearLevel: field.enum('Year level', yearLevelOptions),
    campusId: ref.campus(),
    academicYearId: ref.academicYear(),
    semesterId: ref.semester(),
    draft: field.boolean('Draft'),
    graded: field.boolean('Graded'),
    finalGrade: percentField('Final grade'),
    finalEquivalent: field.text('Final equivalent', { max: 10 }),
    equivalent: field.text('Equivalent', { max: 10 }),
    midterm: percentField('Midterm grade'),
    finals: percentField('Finals grade'),
    presentMidterm: field.integer('Days present until midterm', { min: 0, max: 200 }),
    presentFinals: field.integer('Days present until finals', { min: 0, max: 200 }),
    participationMidterm: field.number('Participation, midterm', { min: 0, max: 10000 }),
    participationFinals: field.number('Participation, finals', { min: 0, max: 10000 }),
    recitationMidterm: field.number('Recitation, midterm', { min: 0, max: 10000 }),
    recitationFinals: field.number('Recitation, finals', { min: 0, max: 10000 }),
    enrollmentStatus: field.enum('Status', enrollmentStatusOptions, { required: true }),
    isDrop: field.boolean('Dropped'),
    attendanceGrade: percentField('Attendance grade'),
    isFinalGrade: field.boolean('Final grade submitted'),
    remarks: field.text('Remarks', { max: 500 }),
  },
  listColumns: [
    'studentId',
    'sectionId',
    'subjectId',
    'yearLevel',
    'finalGrade',
    'finalEquivalent',
    'enrollmentStatus',
  ],
  searchFields: ['remarks'],
  sortFields: ['yearLevel', 'finalGrade'],
  filterFields: [
    'studentId',
    'sectionId',
    'subjectId',
    'instructorId',
    'campusId',
    'academicYearId',
    'semesterId',
    'yearLevel',
    'enrollmentStatus',
    'isDrop',
  ],
  defaultSort: '-createdAt',
  ...recordNamedBy('remarks'),
  template: TEMPLATES.EnrolledStudents,
  rules: [
    (v) =>
      v.isDrop === true && v.enrollmentStatus !== undefined && v.enrollmentStatus !== 'DROPPED'
        ? [{ field: 'enrollmentStatus', message: 'A dropped student has the status Dropped.' }]
        : undefined,
  ],
  sample: (s) => ({
    yearLevel: 1,
    draft: true,
    graded: false,
    enrollmentStatus: 'ENROLLED',
    isDrop: false,
    isFinalGrade: false,
    remarks: `Regular student ${s}`,
  }),
});

/**
 * The Grading System (console: syllabus): one record per grade range of a named scale and its equivalent,
 * e.g. Undergraduate 94–96 → 1.25. `equivalentFor` reads a grade against a scale's active ranges and
 * `gradeRangeProblems` finds overlapping ranges within a scale.
 */
export const gradingSystemEntity = defineEntity({
  resource: 'grading-systems',
  label: 'Grading System',
  pluralLabel: 'Grading System',
  application: 'CAMPUS',
  module: CAMPUS_MODULES.classes.code,
  consolePath: campusPath('syllabus'),
  fields: {
    scale: field.text('Scale', {
      required: true,
      max: 100,
      description: 'e.g. Undergraduate, Graduate School',
    }),
    equivalent: field.text('Equivalent', {
      required: true,
      max: 10,
      pattern: {
        regex: /^[0-9]\.[0-9]{2}$|^[A-Z]{2,4}$/,
        message: 'Enter an equivalent such as 1.25, or INC / DRP.',
      },
    }),
    description: field.text('Description', { required: true, max: 100 }),
    minGrade: percentField('Lowest grade', true),
    maxGrade: percentField('Highest grade', true),
    isPassing: field.boolean('Passing'),
  },
  listColumns: ['scale', 'equivalent', 'description', 'minGrade', 'maxGrade', 'isPassing'],
  searchFields: ['scale', 'equivalent', 'description'],
  sortFields: ['scale', 'equivalent', 'minGrade', 'maxGrade'],
  filterFields: ['scale', 'isPassing'],
  defaultSort: '-minGrade',
  ...recordNamedBy('description'),
  rules: [
    orderRule('minGrade', 'maxGrade', 'number', 'The highest grade cannot be below the lowest grade.', true),
  ],
  sample: (s) => ({
    scale: `Undergraduate ${s}`,
    equivalent: '1.25',
    description: 'Excellent',
    minGrade: 94,
    maxGrade: 96,
    isPassing: true,
  }),
});
