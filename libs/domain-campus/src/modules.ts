import type { ModuleInfo } from '@campus/domain-core';

/**
 * The academic modules of Campus Management. Each campus entity names its module in its descriptor; a role of
 * CAMPUS grants some of them (the registrar's role grants them all, and not Human Resource Records).
 */
export const CAMPUS_MODULES = {
  structure: {
    code: 'ACADEMIC_STRUCTURE',
    name: 'Academic Structure',
    description: 'Campuses, colleges, academic departments, programs, subjects and rooms.',
    applicationCode: 'CAMPUS',
  },
  people: {
    code: 'FACULTY_AND_STUDENTS',
    name: 'Instructors and Students',
    description: 'Instructor and student records.',
    applicationCode: 'CAMPUS',
  },
  classes: {
    code: 'CLASSES',
    name: 'Classes and Enrolment',
    description: 'Schedules, sections, enrolments and grading systems.',
    applicationCode: 'CAMPUS',
  },
  calendar: {
    code: 'ACADEMIC_CALENDAR',
    name: 'Academic Calendar',
    description: 'Academic years, semesters, breaks, calendar events, grade release dates, grace periods and evaluations.',
    applicationCode: 'CAMPUS',
  },
  announcements: {
    code: 'ANNOUNCEMENTS',
    name: 'Announcements',
    description: 'Announcements and the profanity word bank.',
    applicationCode: 'CAMPUS',
  },
} as const satisfies Record<string, ModuleInfo>;

/** The academic modules, in menu order. */
export const campusModules: readonly ModuleInfo[] = Object.values(CAMPUS_MODULES);
