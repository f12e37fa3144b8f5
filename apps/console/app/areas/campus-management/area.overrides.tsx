import { dayStatusOfRecord, timesheetColor, timesheetLabel, type DailyRecordFacts } from '@campus/domain-hr';
import type { ResourceOverride } from '../types';
import { AnnouncementPreview } from './AnnouncementPreview';
import { CalendarMonth } from './calendar/CalendarMonth';
import type { CalendarMonthData } from './calendar/calendar';

const gradeNote = 'The monthly salary follows the salary grade table: choose the grade (e.g. SG 11) and its step.';
const weightsNote = 'The grading weights must sum to 100.';
const schedulesNote =
  'Days use the weekday codes M T W TH F S A. A room or instructor cannot be booked twice at the same time.';

/** What Campus Management adds to the generic screens of its resources. */
export const resources: Readonly<Record<string, ResourceOverride>> = {
  sections: { formNote: { create: weightsNote, update: weightsNote } },
  schedules: { formNote: { create: schedulesNote, update: schedulesNote } },
  announcements: { EditPanel: AnnouncementPreview },
  employees: {
    EditPanel: ({ record }) => (
      <p className="cas-panel">
        <a href={`/app/campus-management/hr/employee/${record._id}`}>Open the employee's whole record</a> ·{' '}
        <a href="/app/campus-management/hr/update-requests-queue">Employees' changes awaiting approval</a>
      </p>
    ),
  },
  designations: { formNote: { create: gradeNote, update: gradeNote } },
  'salary-grades': {
    ListPanel: () => (
      <p className="cas-panel">
        <a href="/app/campus-management/hr/salary-grade-table">The salary grade table (grade × step)</a>: each salary here is
        the monthly salary of one step of a grade, and designations follow it.
      </p>
    ),
  },
  // Each daily time record in the colour of its day's status (spec §9), named for those who do not see colour.
  'daily-time-records': {
    rowAccent: (row) => {
      const status = dayStatusOfRecord(row as DailyRecordFacts);
      return { color: timesheetColor(status), label: timesheetLabel(status) };
    },
  },
  'calendar-events': { ListPanel: ({ data }: { data: CalendarMonthData }) => <CalendarMonth month={data} /> },
};
