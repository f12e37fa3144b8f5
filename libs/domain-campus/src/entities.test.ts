import { describe, expect, it } from 'vitest';
import { createRegistry, createSchemaOf, sampleWithReferences, type AnyEntity } from '@campus/domain-core';
import { TEMPLATES, campusEntities } from './index.js';

const ID = '0b8c4a52-3a0e-4d8c-9f55-2f1a2b3c4d5e';

/** A sample with every required reference pointed at some id, as the caller would choose it. */
const sampleOf = (entity: AnyEntity, suffix: string) => sampleWithReferences(entity, suffix, ID);

const byResource = (resource: string): AnyEntity => {
  const entity = createRegistry(campusEntities).byResource(resource);
  if (!entity) throw new Error(`No entity ${resource}`);
  return entity;
};

describe('campus management descriptors', () => {
  it.each([
    ['campuses', 'campuses', 'Campus', 'Campuses'],
    ['colleges', 'colleges', 'College', 'Colleges'],
    ['academic-departments', 'departments', 'Department', 'Departments'],
    ['courses', 'courses', 'Program', 'Programs'],
    ['subjects', 'subjects', 'Subject', 'Subjects'],
    ['sections', 'sections', 'Section', 'Sections'],
    ['instructors', 'instructors', 'Instructor', 'Instructors'],
    ['students', 'students', 'Student', 'Students'],
    ['rooms', 'rooms', 'Room', 'Rooms'],
    ['schedules', 'schedules', 'Schedule', 'Schedules'],
    ['academic-years', 'academic-years', 'Academic Year', 'Academic Years'],
    ['semesters', 'semesters', 'Semester', 'Semesters'],
    ['enrolled-students', 'enrolled-students', 'Enrolled Student', 'Enrolled Students'],
    ['announcements', 'announcements', 'Announcement', 'Announcements'],
    ['profanity-words', 'profanity', 'Word', 'Word Bank'],
    ['calendar-events', 'calendar', 'Calendar Event', 'Calendar'],
    ['academic-breaks', 'academic-break', 'Academic Break', 'Academic Breaks'],
    ['student-evaluations', 'student-evaluation', 'Student Evaluation', 'Student Evaluations'],
    ['grade-release-dates', 'grade-release-date', 'Grade Release Date', 'Grade Release Dates'],
    ['grading-systems', 'syllabus', 'Grading System', 'Grading System'],
    ['grace-periods', 'grace-period', 'Grace Period', 'Grace Periods'],
  ])('serves %s at /app/campus-management/%s as %s / %s', (resource, segment, label, pluralLabel) => {
    expect(byResource(resource)).toMatchObject({
      application: 'CAMPUS',
      consolePath: `/app/campus-management/${segment}`,
      label,
      pluralLabel,
    });
  });

  it('registers every campus entity once', () => {
    expect(campusEntities).toHaveLength(21);
    expect(() => createRegistry(campusEntities)).not.toThrow();
  });

  it.each(campusEntities.map((e) => [e.resource, e] as const))(
    '%s: the sample passes the create schema',
    (_, entity) => {
      const result = createSchemaOf(entity).safeParse(sampleOf(entity, 'S1'));
      expect(result.success ? [] : result.error.issues).toEqual([]);
    },
  );

  it.each(campusEntities.map((e) => [e.resource, e] as const))(
    '%s: the sample carries its suffix in every unique field',
    (_, entity) => {
      const sample = entity.sample('Z9Q');
      for (const u of entity.unique) expect(String(sample[u.field]).toUpperCase()).toContain('Z9Q');
      expect(String(sample[entity.displayField] ?? '')).not.toBe('');
    },
  );

  it.each(campusEntities.map((e) => [e.resource, e] as const))(
    '%s: references point at registered campus resources',
    (_, entity) => {
      const resources = new Set(campusEntities.map((e) => e.resource));
      for (const f of Object.values(entity.fields)) {
        if (f.kind === 'reference' || f.kind === 'multi-reference') expect(resources).toContain(f.resource);
      }
    },
  );

  it('changes the state of sections, semesters and academic years by status, of everything else by isActive', () => {
    const byStatus = campusEntities.filter((e) => e.state.kind === 'status').map((e) => e.resource);
    expect(byStatus.sort()).toEqual(['academic-years', 'sections', 'semesters']);
  });

  it.each([
    [
      'campuses',
      [
        { field: 'code', label: 'Code' },
        { field: 'name', label: 'Name' },
      ],
    ],
    ['colleges', [{ field: 'code', label: 'Code' }]],
    ['instructors', [{ field: 'employeeNumber', label: 'Code' }]],
    ['students', [{ field: 'studentNumber', label: 'Code' }]],
    ['semesters', [{ field: 'code', label: 'Code' }]],
    ['profanity-words', [{ field: 'word', label: 'Name' }]],
  ])('%s: is unique by %j', (resource, unique) => {
    expect(byResource(resource).unique).toEqual(unique);
  });

  it('names a semester by its description, which it has instead of a name', () => {
    expect(byResource('semesters').displayField).toBe('description');
  });
});

describe('bulk-import templates (spec §3)', () => {
  it.each([
    ['AcademicYears', 'academic-years', 'from, to, status, default'],
    ['Semesters', 'semesters', 'code, description, default, status'],
    ['Campuses', 'campuses', 'code, name, address, email, contactNo, lat, long, isMain, isActive'],
    [
      'Colleges',
      'colleges',
      'code, name, campusId, email, contactNumber, employeeCode, deanEmpNumber, isActive',
    ],
    ['Courses', 'courses', 'code, name, departmentCode, campusCode, isActive'],
    [
      'AcademicDepartments',
      'academic-departments',
      'code, name, collegeCode, chairPersonCode, campusCode, isActive',
    ],
    ['Subjects', 'subjects', 'code, name, subjectType, description, departmentCode, units, isActive'],
    [
      'Instructors',
      'instructors',
      'employeeNumber, firstName, middleName, lastName, contactNumber, isDean, isChairPerson, isActive',
    ],
    [
      'Students',
      'students',
      'studentNumber, names, extension, email, contactNumber, gender, civilStatus, birthDate, birthPlace, ' +
        'nationality, religion, address, avatar, signature, guardianCode, campusCode, collegeCode, courseCode, ' +
        'admittedYearCode, admittedSemCode, subjects_enrolled, isActive',
    ],
    [
      'Sections',
      'sections',
      'code, name, courseCode, roomCode, scheduleCode, instructorCode, subjectCode, semesterCode, academicYearCode, ' +
        'departmentCode, campusCode, term, daysMidterm, daysFinals, laboratory, slot, availableSlots, participation, ' +
        'exam, project, activity, quiz, recitation, assignment, attendance, participationOverall, recitationOverall, ' +
        'gradeRatings, bannerImage, status',
    ],
    [
      'EnrolledStudents',
      'enrolled-students',
      'studentCode, sectionCode, courseCode, instructorCode, subjectCode, yearLevel, campusCode, academicYearCode, ' +
        'semesterCode, draft, graded, finalGrade, finalEquivalent, equivalent, midterm, finals, presentMidterm, ' +
        'presentFinals, participationMidterm, participationFinals, recitationMidterm, recitationFinals, status, ' +
        'isDrop, attendanceGrade, isFinalGrade, remarks, isActive',
    ],
    ['Rooms', 'rooms', 'name, floor, building, campusCode, capacity, isActive'],
    ['Schedules', 'schedules', 'name, from, to, days'],
  ] as const)('%s columns are exactly the spec list', (name, resource, columns) => {
    const expected = columns.split(', ');
    expect(TEMPLATES[name]).toEqual(expected);
    expect(byResource(resource).template).toEqual(expected);
  });

  it('gives a template only to the thirteen entities the spec lists', () => {
    expect(campusEntities.filter((e) => e.template).length).toBe(Object.keys(TEMPLATES).length);
  });
});
