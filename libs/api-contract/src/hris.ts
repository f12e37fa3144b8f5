import { initContract, type AppRoute } from '@ts-rest/core';
import { createSchemaOf, recordSchemaOf } from '@campus/domain-core';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';
import { entityRegistry } from './registry.js';

const c = initContract();

/**
 * The HR endpoints of spec §7 (`POST /core/v1.0/hris/create-…`, `…/update-employee-…`): each is the create of
 * that resource under its spec path. The personal data sheet's sections are kept as rows, so each
 * `update-employee-…` adds one entry to its section (edits and removals go through the resource's own routes).
 */
export const HRIS_CREATE_PATHS: Readonly<Record<string, string>> = {
  'create-department': 'hr-departments',
  'create-designation': 'designations',
  'create-daily-time-record': 'daily-time-records',
  'create-timesheet': 'timesheets',
  'create-employee': 'employees',
  'create-employee-schedule': 'employee-schedules',
  'create-schedule': 'hr-schedules',
  'create-schedule-item': 'hr-schedule-items',
  'create-work-experience': 'work-experiences',
  'create-service-record': 'service-records',
  'create-service-credit': 'service-credits',
  'create-leave-credit': 'leave-credits',
  'create-appointment': 'appointments',
  'create-salary-grade': 'salary-grades',
  'create-allowance-type': 'allowance-types',
  'create-deduction-type': 'deduction-types',
  'create-employee-allowance': 'employee-allowances',
  'create-employee-deduction': 'employee-deductions',
  'create-lwops': 'lwops',
  'create-training': 'trainings',
  'update-employee-fam': 'employee-family',
  'update-employee-educ': 'employee-education',
  'update-employee-civser': 'employee-eligibilities',
  'update-employee-volwork': 'employee-voluntary-work',
  'update-employee-learndev': 'employee-learning',
  'update-employee-otherinfo': 'employee-other-info',
};

/** `create-daily-time-record` → `hrisCreateDailyTimeRecord`; `update-employee-fam` → `hrisUpdateEmployeeFam`. */
export function hrisOperationName(path: string): string {
  return `hris${path
    .split('-')
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;
}

export const hrisContract: Readonly<Record<string, AppRoute>> = c.router(
  Object.fromEntries(
    Object.entries(HRIS_CREATE_PATHS).flatMap(([path, resource]) => {
      const entity = entityRegistry.byResource(resource);
      if (!entity) return [];
      const route: AppRoute = {
        method: 'POST',
        path: `${CORE_BASE}/hris/${path}`,
        body: createSchemaOf(entity),
        responses: { 201: dataBody(recordSchemaOf(entity)), 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 409: ErrorBodySchema },
        summary: `Create a ${entity.label.toLowerCase()} (same as POST ${CORE_BASE}/${resource})`,
        metadata: { resource, application: entity.application, operation: 'create' },
      };
      return [[hrisOperationName(path), route]];
    }),
  ),
);
