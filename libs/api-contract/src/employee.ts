import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { HR_RECORDS_MODULE, PDS_SECTION_KEYS } from '@campus/domain-hr';
import { guardedRouter } from './access.js';
import { CORE_BASE } from './crud.js';
import { dataBody, ErrorBodySchema } from './errors.js';

const c = initContract();
/** The separate client of spec §7 for the signed-in employee's own records. */
export const EMPLOYEE_BASE = '/employee/v1.0';
const OWN = { signedIn: true } as const;
/** HR's decisions on employees' changes: Campus Management's Human Resource Records module, as the records are. */
const HR_RECORDS = { application: 'CAMPUS', module: HR_RECORDS_MODULE.code } as const;
const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };
const anyRecord = z.record(z.string(), z.unknown());

export const PdsSectionKeySchema = z.enum(PDS_SECTION_KEYS);

/** A change to one's own PDS section: a new entry, or a change to one of one's own entries (`recordId`). */
export const UpdateRequestInputSchema = z
  .object({
    section: PdsSectionKeySchema,
    recordId: z.string().uuid('Not a record id.').optional(),
    data: anyRecord,
  })
  .strict();
export type UpdateRequestInput = z.infer<typeof UpdateRequestInputSchema>;

export const UpdateRequestSchema = z.object({
  _id: z.string().uuid(),
  employeeId: z.string().uuid(),
  employeeName: z.string().optional(),
  section: PdsSectionKeySchema,
  recordId: z.string().uuid().nullable(),
  data: anyRecord,
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type UpdateRequest = z.infer<typeof UpdateRequestSchema>;

export const DecisionSchema = z.object({ note: z.string().trim().max(500, 'At most 500 characters.').optional() }).strict();

/**
 * `/employee/v1.0`: the signed-in user's own employee record. Every route finds the employee through the
 * caller's account; no route takes an employee id, so nobody reaches another employee's data through it.
 * HR decides the pending changes under `/core/v1.0/hris/update-requests` (CAMPUS, module Human Resource Records).
 */
export const employeeContract = c.router(
  guardedRouter({
    getOwnEmployee: {
      method: 'GET',
      path: `${EMPLOYEE_BASE}/me`,
      responses: { 200: dataBody(anyRecord), ...errors },
      metadata: OWN,
      summary: "The signed-in user's own employee record (profile)",
    },
    listOwnSection: {
      method: 'GET',
      path: `${EMPLOYEE_BASE}/me/pds/:section`,
      pathParams: z.object({ section: PdsSectionKeySchema }),
      responses: { 200: dataBody(z.array(anyRecord)), ...errors },
      metadata: OWN,
      summary: 'The entries of one of their own PDS sections',
    },
    listOwnCredits: {
      method: 'GET',
      path: `${EMPLOYEE_BASE}/me/credits`,
      responses: { 200: dataBody(z.object({ leave: z.array(anyRecord), service: z.array(anyRecord) })), ...errors },
      metadata: OWN,
      summary: 'Their own leave and service credit ledgers',
    },
    listOwnAttendance: {
      method: 'GET',
      path: `${EMPLOYEE_BASE}/me/attendance`,
      responses: { 200: dataBody(z.object({ dtr: z.array(anyRecord), timesheets: z.array(anyRecord) })), ...errors },
      metadata: OWN,
      summary: 'Their own daily time records and timesheets',
    },
    listOwnUpdateRequests: {
      method: 'GET',
      path: `${EMPLOYEE_BASE}/me/update-requests`,
      responses: { 200: dataBody(z.array(UpdateRequestSchema)), ...errors },
      metadata: OWN,
      summary: 'The changes they asked for and what HR decided',
    },
    submitUpdateRequest: {
      method: 'POST',
      path: `${EMPLOYEE_BASE}/me/update-requests`,
      body: UpdateRequestInputSchema,
      responses: { 201: dataBody(UpdateRequestSchema), ...errors },
      metadata: OWN,
      summary: 'Ask for a change to one of their own PDS sections (pending until HR approves)',
    },
    listUpdateRequests: {
      method: 'GET',
      path: `${CORE_BASE}/hris/update-requests`,
      query: z.object({ status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).default('PENDING') }),
      responses: { 200: dataBody(z.array(UpdateRequestSchema)), ...errors },
      metadata: HR_RECORDS,
      summary: "HR's queue of employees' changes",
    },
    decideUpdateRequest: {
      method: 'POST',
      path: `${CORE_BASE}/hris/update-requests/:id/:decision`,
      pathParams: z.object({ id: z.string().uuid('Not a request id.'), decision: z.enum(['approve', 'reject']) }),
      body: DecisionSchema,
      responses: { 200: dataBody(UpdateRequestSchema), ...errors, 409: ErrorBodySchema },
      metadata: HR_RECORDS,
      summary: "Approve (applies it, audited) or reject an employee's change",
    },
  }),
);
export type EmployeeContract = typeof employeeContract;
