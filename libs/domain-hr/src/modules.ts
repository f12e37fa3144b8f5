import type { ModuleInfo } from '@campus/domain-core';

/**
 * Human Resource Records: a module of Campus Management holding every HR entity (salary grades, government
 * numbers, health-insurance numbers…). A CAMPUS role that does not grant it keeps its holder out of HR records.
 */
export const HR_RECORDS_MODULE = {
  code: 'HR_RECORDS',
  name: 'Human Resource Records',
  description: 'Employees, designations, departments, attendance, credits, appointments and salary grades.',
  applicationCode: 'CAMPUS',
} as const satisfies ModuleInfo;
