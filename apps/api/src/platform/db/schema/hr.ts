import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  allowanceTypeEntity,
  deductionTypeEntity,
  employeeAllowanceEntity,
  employeeDeductionEntity,
  employeeEducationEntity,
  employeeEligibilityEntity,
  employeeFamilyMemberEntity,
  employeeLearningEntity,
  employeeOtherInfoEntity,
  employeeVoluntaryWorkEntity,
  lwopEntity,
  trainingEntity,
  appointmentEntity,
  dailyTimeRecordEntity,
  designationEntity,
  employeeEntity,
  employeeScheduleEntity,
  hrDepartmentEntity,
  hrScheduleEntity,
  hrScheduleItemEntity,
  leaveCreditEntity,
  salaryGradeEntity,
  serviceCreditEntity,
  serviceRecordEntity,
  timesheetEntity,
  workExperienceEntity,
} from '@campus/domain-hr';
import { tableFor } from '../table-for.js';

// Human resources (served under the CAMPUS launcher code): one table per descriptor of @campus/domain-hr.

export const hrDepartments = tableFor(hrDepartmentEntity);
export const salaryGrades = tableFor(salaryGradeEntity);
export const designations = tableFor(designationEntity);
export const employees = tableFor(employeeEntity);
export const appointments = tableFor(appointmentEntity);
export const dailyTimeRecords = tableFor(dailyTimeRecordEntity);
export const timesheets = tableFor(timesheetEntity);
export const leaveCredits = tableFor(leaveCreditEntity);
export const serviceCredits = tableFor(serviceCreditEntity);
export const serviceRecords = tableFor(serviceRecordEntity);
export const workExperiences = tableFor(workExperienceEntity);
export const employeeSchedules = tableFor(employeeScheduleEntity);
export const hrSchedules = tableFor(hrScheduleEntity);
export const hrScheduleItems = tableFor(hrScheduleItemEntity);
export const allowanceTypes = tableFor(allowanceTypeEntity);
export const deductionTypes = tableFor(deductionTypeEntity);
export const employeeAllowances = tableFor(employeeAllowanceEntity);
export const employeeDeductions = tableFor(employeeDeductionEntity);
export const lwops = tableFor(lwopEntity);
export const trainings = tableFor(trainingEntity);
export const employeeFamilyMembers = tableFor(employeeFamilyMemberEntity);
export const employeeEducation = tableFor(employeeEducationEntity);
export const employeeEligibilities = tableFor(employeeEligibilityEntity);
export const employeeVoluntaryWork = tableFor(employeeVoluntaryWorkEntity);
export const employeeLearning = tableFor(employeeLearningEntity);
export const employeeOtherInfo = tableFor(employeeOtherInfoEntity);

/**
 * Changes employees ask for to their own PDS sections through `/employee/v1.0`, kept until HR approves (the change
 * is then applied with the generic create or update, audited) or rejects them.
 */
export const employeeUpdateRequests = pgTable(
  'employee_update_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id').notNull(), // references employees (migration 0013)
    userId: uuid('user_id').notNull(),
    section: text('section').notNull(),
    recordId: uuid('record_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('PENDING'),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
    decidedBy: uuid('decided_by'),
  },
  (t) => [index('employee_update_requests_status_idx').on(t.status, t.createdAt), index('employee_update_requests_employee_idx').on(t.employeeId)],
);
