import type { AnyEntity } from '@campus/domain-core';
import {
  dailyTimeRecordEntity,
  employeeScheduleEntity,
  hrScheduleEntity,
  hrScheduleItemEntity,
  timesheetEntity,
} from './attendance.js';
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
} from './compensation.js';
import { leaveCreditEntity, serviceCreditEntity } from './credits.js';
import { employeeEntity, serviceRecordEntity, workExperienceEntity } from './employee.js';
import {
  appointmentEntity,
  designationEntity,
  hrDepartmentEntity,
  salaryGradeEntity,
} from './organisation.js';

export * from './attendance.js';
export * from './compensation.js';
export * from './coded-values.js';
export * from './coordinates.js';
export * from './credits.js';
export * from './employee.js';
export * from './employee-sub-records.js';
export * from './organisation.js';
export * from './timesheet-status.js';

/** Every HR entity, in menu order. */
export const hrEntities: readonly AnyEntity[] = [
  employeeEntity,
  hrDepartmentEntity,
  designationEntity,
  salaryGradeEntity,
  appointmentEntity,
  dailyTimeRecordEntity,
  timesheetEntity,
  hrScheduleEntity,
  hrScheduleItemEntity,
  employeeScheduleEntity,
  leaveCreditEntity,
  serviceCreditEntity,
  workExperienceEntity,
  serviceRecordEntity,
  allowanceTypeEntity,
  deductionTypeEntity,
  employeeAllowanceEntity,
  employeeDeductionEntity,
  lwopEntity,
  trainingEntity,
  employeeFamilyMemberEntity,
  employeeEducationEntity,
  employeeEligibilityEntity,
  employeeVoluntaryWorkEntity,
  employeeLearningEntity,
  employeeOtherInfoEntity,
];
export * from './modules.js';
