import type { ResourceServerOverride } from '../types';
import { loadCalendarMonth } from './calendar/calendar.server';

/** Server side of Campus Management's resource overrides. */
export const serverResources: Readonly<Record<string, ResourceServerOverride>> = {
  // The calendar list shows the month view of events, breaks and grade release dates above the list.
  'calendar-events': { listPanel: loadCalendarMonth },
  // The salary grades list links to the grade × step table (the panel needs no data).
  'salary-grades': { listPanel: async () => ({ grid: true }) },
};
