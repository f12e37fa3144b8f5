import { HR_RECORDS_MODULE } from '@campus/domain-hr';
import type { AreaManifest } from '../types';

const HR = HR_RECORDS_MODULE.code;

/** Campus Management: the generic screens of its records, its own screens beside them and the HR records below `hr/`. */
export const area: AreaManifest = {
  application: {
    code: 'CAMPUS',
    name: 'Campus Management',
    description: 'Campuses, colleges, programs, subjects, sections, instructors, students and the academic calendar.',
    order: 2,
  },
  icon: 'building',
  screens: [
    { path: 'campuses/:code', file: 'campus-overview.route.tsx' },
    { path: 'calendar/feed.ics', file: 'calendar/calendar-feed.route.ts' },
    { path: 'hr/employee/:id', file: 'hr/employee.route.tsx', module: HR },
    { path: 'hr/employee/:id/pds', file: 'hr/pds.route.tsx', document: true, module: HR },
    { path: 'hr/salary-grade-table', file: 'hr/salary-grade-table.route.tsx', module: HR },
    { path: 'hr/update-requests-queue', file: 'hr/update-requests.route.tsx', module: HR },
  ],
  groups: { hr: 'Human Resources' },
  // The `-old` variants of spec §2, and `semester` for the semesters screen.
  moved: {
    'academic-break-old': 'academic-break',
    'academic-years-old': 'academic-years',
    'instructors-old': 'instructors',
    'rooms-old': 'rooms',
    'schedules-old': 'schedules',
    'sections-old': 'sections',
    'students-old': 'students',
    'subjects-old': 'subjects',
    semester: 'semesters',
  },
  attention: {
    'sections-unstaffed': { hint: 'Open each section and choose its instructor and room before classes start.' },
    'enrolments-draft': { hint: 'Drafts are not yet official: review and confirm them before grades are encoded.' },
  },
};
