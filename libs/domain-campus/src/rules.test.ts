import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createSchemaOf, ruleProblems } from '@campus/domain-core';
import {
  SECTION_WEIGHT_FIELDS,
  academicYearEntity,
  announcementEntity,
  calendarEventEntity,
  enrolledStudentEntity,
  scheduleEntity,
  sectionEntity,
  semesterEntity,
  studentEntity,
  weightTotal,
} from './index.js';

const ID = '0b8c4a52-3a0e-4d8c-9f55-2f1a2b3c4d5e';
const section: Record<string, unknown> = {
  ...sectionEntity.sample('r1'),
  subjectId: ID,
  semesterId: ID,
  academicYearId: ID,
};
const weightsOf = (values: number[]) =>
  Object.fromEntries(SECTION_WEIGHT_FIELDS.map((f, i) => [f, values[i] ?? 0]));

describe('section grading weights', () => {
  it.each([
    [[10, 30, 10, 10, 15, 10, 5, 10], true],
    [[100, 0, 0, 0, 0, 0, 0, 0], true],
    [[12.5, 12.5, 12.5, 12.5, 12.5, 12.5, 12.5, 12.5], true],
    [[10.1, 10.2, 10.3, 10.4, 19.6, 19.7, 19.7, 0], true],
    [[10, 30, 10, 10, 15, 10, 5, 5], false],
    [[10, 30, 10, 10, 15, 10, 5, 15], false],
    [[0, 0, 0, 0, 0, 0, 0, 0], false],
  ])('accepts weights %j: %s', (values, ok) => {
    const result = createSchemaOf(sectionEntity).safeParse({ ...section, ...weightsOf(values) });
    expect(result.success).toBe(ok);
    if (!result.success) {
      expect(result.error.issues).toEqual([
        expect.objectContaining({
          path: ['participation'],
          message: `The grading weights add up to ${weightTotal(weightsOf(values))}; they must add up to 100.`,
        }),
      ]);
    }
  });

  it('requires each of the eight weights', () => {
    const { exam: _exam, ...withoutExam } = section;
    const result = createSchemaOf(sectionEntity).safeParse(withoutExam);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.path[0])).toContain('exam');
  });

  it('finds any eight whole-number weights valid exactly when they add up to 100', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 8, maxLength: 8 }), (values) => {
        const total = values.reduce((a, b) => a + b, 0);
        expect(ruleProblems(sectionEntity, { ...section, ...weightsOf(values) }).length === 0).toBe(
          total === 100,
        );
      }),
    );
  });

  it('never offers more available slots than slots', () => {
    expect(ruleProblems(sectionEntity, { ...section, slot: 30, availableSlots: 31 })).toEqual([
      { field: 'availableSlots', message: 'Available slots cannot exceed the slots.' },
    ]);
    expect(ruleProblems(sectionEntity, { ...section, slot: 30, availableSlots: 30 })).toEqual([]);
  });
});

describe('ranges that must run forwards', () => {
  const academicYear = academicYearEntity.sample('r2');
  const schedule = scheduleEntity.sample('r3');
  const semester = semesterEntity.sample('r4');
  const announcement = announcementEntity.sample('r5');
  const event = calendarEventEntity.sample('r6');

  it.each([
    ['academic year 2026–2027', academicYearEntity, { ...academicYear, from: 2026, to: 2027 }, []],
    ['academic year 2027–2026', academicYearEntity, { ...academicYear, from: 2027, to: 2026 }, ['to']],
    ['academic year 2026–2026', academicYearEntity, { ...academicYear, from: 2026, to: 2026 }, ['to']],
    ['schedule 07:30–08:30', scheduleEntity, { ...schedule, from: '07:30:00', to: '08:30:00' }, []],
    ['schedule 08:30–07:30', scheduleEntity, { ...schedule, from: '08:30:00', to: '07:30:00' }, ['to']],
    ['schedule 08:30–08:30', scheduleEntity, { ...schedule, from: '08:30:00', to: '08:30:00' }, ['to']],
    ['schedule with no day', scheduleEntity, { ...schedule, days: [] }, ['days']],
    [
      'semester ending the day it starts',
      semesterEntity,
      { ...semester, startDate: '2026-08-10', endDate: '2026-08-10' },
      [],
    ],
    [
      'semester ending before it starts',
      semesterEntity,
      { ...semester, startDate: '2026-08-10', endDate: '2026-08-09' },
      ['endDate'],
    ],
    [
      'calendar event ending before it starts',
      calendarEventEntity,
      { ...event, endDate: '2026-10-04' },
      ['endDate'],
    ],
    [
      'announcement ending before it starts',
      announcementEntity,
      { ...announcement, publishTo: '2026-07-20T07:59:59+08:00' },
      ['publishTo'],
    ],
    [
      'announcement compared across time zones',
      announcementEntity,
      { ...announcement, publishTo: '2026-07-20T00:30:00Z' },
      [],
    ],
    ['announcement with no end', announcementEntity, { ...announcement, publishTo: null }, []],
    [
      'campus announcement without a campus',
      announcementEntity,
      { ...announcement, audience: 'CAMPUS' },
      ['campusId'],
    ],
    [
      'campus announcement with a campus',
      announcementEntity,
      { ...announcement, audience: 'CAMPUS', campusId: ID },
      [],
    ],
  ] as const)('judges a %s', (_, entity, value, fields) => {
    const result = createSchemaOf(entity).safeParse(value);
    expect(result.success ? [] : result.error.issues.map((i) => i.path[0])).toEqual(fields);
  });
});

describe('other record rules', () => {
  it('refuses a birth date in the future', () => {
    const student = { ...studentEntity.sample('r7'), campusId: ID, courseId: ID };
    expect(ruleProblems(studentEntity, { ...student, birthDate: '2999-01-01' })).toEqual([
      { field: 'birthDate', message: 'The birth date cannot be in the future.' },
    ]);
    expect(ruleProblems(studentEntity, student)).toEqual([]);
  });

  it('gives a dropped student the status Dropped', () => {
    const enrolment = enrolledStudentEntity.sample('r8');
    expect(ruleProblems(enrolledStudentEntity, { ...enrolment, isDrop: true })).toHaveLength(1);
    expect(
      ruleProblems(enrolledStudentEntity, { ...enrolment, isDrop: true, enrollmentStatus: 'DROPPED' }),
    ).toEqual([]);
  });
});
