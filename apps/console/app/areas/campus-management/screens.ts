import { HR_RECORDS_MODULE } from '@campus/domain-hr';
import type { AreaScreen } from '../types';

const HR = HR_RECORDS_MODULE.code;

/** Campus Management's own screens beside the generic resource screens. */
export const screens: readonly AreaScreen[] = [
  { path: 'campuses/:code', file: 'areas/campus-management/campus-overview.route.tsx' },
  { path: 'calendar/feed.ics', file: 'areas/campus-management/calendar/calendar-feed.route.ts' },
  { path: 'hr/employee/:id', file: 'areas/campus-management/hr/employee.route.tsx', module: HR },
  { path: 'hr/employee/:id/pds', file: 'areas/campus-management/hr/pds.route.tsx', document: true, module: HR },
  { path: 'hr/salary-grade-table', file: 'areas/campus-management/hr/salary-grade-table.route.tsx', module: HR },
  { path: 'hr/update-requests-queue', file: 'areas/campus-management/hr/update-requests.route.tsx', module: HR },
];
