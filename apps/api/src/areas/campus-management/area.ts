import { employeeContract, HRIS_CREATE_PATHS, hrisContract, hrisOperationName } from '@campus/api-contract';
import { campusAttention } from './attention.js';
import { employeeSelfHandlers } from './employee-self.js';
import type { AreaManifest, ContractHandlers } from '../../platform/area.js';
import { creditLedgerHooks, lwopHooks } from './hooks/credit-ledger.js';
import { designationGradeHooks } from './hooks/designation-grade.js';
import { scheduleHooks } from './hooks/schedules.js';
import { singleDefault } from './hooks/single-default.js';
import { seedHr } from './seed.js';

/** Campus Management, with Human Resources records: the academic structure, people, terms and HR. */
export const area: AreaManifest = {
  attention: campusAttention,
  code: 'CAMPUS',
  application: {
    name: 'Campus Management',
    description: 'Campuses, colleges, programs, subjects, sections, instructors, students and the academic calendar.',
    order: 2,
  },
  seed: { run: ({ db, put, id, at, university }) => seedHr(db, put, { id, at, employees: [university.admin.employeeId, university.registrar.employeeId] }) },
  contracts: { hris: hrisContract, employee: employeeContract },
  hooks: () => ({
    schedules: scheduleHooks,
    'academic-years': singleDefault('academic_years'),
    semesters: singleDefault('semesters'),
    'leave-credits': creditLedgerHooks('leave_credits'),
    'service-credits': creditLedgerHooks('service_credits'),
    lwops: lwopHooks,
    designations: designationGradeHooks,
  }),
  handlers: (ctx) => {
    const { resources, actorOf } = ctx;
    // The HR create paths of spec §7 are the generic create of their resource under another path.
    const hris: Record<string, ContractHandlers[string]> = {};
    for (const [path, resource] of Object.entries(HRIS_CREATE_PATHS)) {
      if (!(hrisOperationName(path) in hrisContract)) continue;
      hris[hrisOperationName(path)] = async ({ body, request }) => ({
        status: 201,
        body: { data: await resources.of(resource).create(body as Record<string, unknown>, actorOf(request)) },
      });
    }
    const own = employeeSelfHandlers(ctx);
    const on = (handler: (input: never) => Promise<{ status: number; body: unknown }>) => handler as unknown as ContractHandlers[string];
    const employee: Record<string, ContractHandlers[string]> = {
      getOwnEmployee: on(own.getOwnEmployee),
      listOwnSection: on(own.listOwnSection),
      listOwnCredits: on(own.listOwnCredits),
      listOwnAttendance: on(own.listOwnAttendance),
      listOwnUpdateRequests: on(own.listOwnUpdateRequests),
      submitUpdateRequest: on(own.submitUpdateRequest),
      listUpdateRequests: on(own.listUpdateRequests),
      decideUpdateRequest: on(own.decideUpdateRequest),
    };
    return { hris, employee };
  },
};
