import {
  academicBreakEntity,
  academicDepartmentEntity,
  academicYearEntity,
  announcementEntity,
  calendarEventEntity,
  campusEntity,
  collegeEntity,
  courseEntity,
  enrolledStudentEntity,
  gracePeriodEntity,
  gradeReleaseDateEntity,
  gradingSystemEntity,
  instructorEntity,
  profanityWordEntity,
  roomEntity,
  scheduleEntity,
  sectionEntity,
  semesterEntity,
  studentEntity,
  studentEvaluationEntity,
  subjectEntity,
} from '@campus/domain-campus';
import { tableFor } from '../table-for.js';

// Campus Management (launcher code CAMPUS): one table per descriptor of @campus/domain-campus. The names are
// listed because drizzle-kit reads tables from named exports; a test checks none is missing.

export const campuses = tableFor(campusEntity);
export const colleges = tableFor(collegeEntity);
export const academicDepartments = tableFor(academicDepartmentEntity);
export const courses = tableFor(courseEntity);
export const subjects = tableFor(subjectEntity);
export const instructors = tableFor(instructorEntity);
export const rooms = tableFor(roomEntity);
export const schedules = tableFor(scheduleEntity);
export const academicYears = tableFor(academicYearEntity);
export const semesters = tableFor(semesterEntity);
export const sections = tableFor(sectionEntity);
export const students = tableFor(studentEntity);
export const enrolledStudents = tableFor(enrolledStudentEntity);
export const announcements = tableFor(announcementEntity);
export const profanityWords = tableFor(profanityWordEntity);
export const calendarEvents = tableFor(calendarEventEntity);
export const academicBreaks = tableFor(academicBreakEntity);
export const studentEvaluations = tableFor(studentEvaluationEntity);
export const gradeReleaseDates = tableFor(gradeReleaseDateEntity);
export const gradingSystems = tableFor(gradingSystemEntity);
export const gracePeriods = tableFor(gracePeriodEntity);
