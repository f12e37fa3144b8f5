import {
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
