import type { AnyEntity } from '@campus/domain-core';
import { announcementEntity, profanityWordEntity } from './communication.js';
import { instructorEntity, studentEntity } from './people.js';
import {
  academicDepartmentEntity,
  campusEntity,
  collegeEntity,
  courseEntity,
  roomEntity,
  subjectEntity,
} from './structure.js';
import { enrolledStudentEntity, gradingSystemEntity, scheduleEntity, sectionEntity } from './teaching.js';
import {
  academicBreakEntity,
  academicYearEntity,
  calendarEventEntity,
  gracePeriodEntity,
  gradeReleaseDateEntity,
  semesterEntity,
  studentEvaluationEntity,
} from './terms.js';

export * from './common.js';
export * from './communication.js';
export * from './people.js';
export * from './structure.js';
export * from './teaching.js';
export * from './terms.js';

/** Every Campus Management entity, in the order of the spec's menu (§2). */
export const campusEntities: readonly AnyEntity[] = [
  campusEntity,
  collegeEntity,
  academicDepartmentEntity,
  courseEntity,
  subjectEntity,
  sectionEntity,
  instructorEntity,
  studentEntity,
  roomEntity,
  scheduleEntity,
  academicYearEntity,
  semesterEntity,
  enrolledStudentEntity,
  announcementEntity,
  profanityWordEntity,
  calendarEventEntity,
  academicBreakEntity,
  studentEvaluationEntity,
  gradeReleaseDateEntity,
  gradingSystemEntity,
  gracePeriodEntity,
];
