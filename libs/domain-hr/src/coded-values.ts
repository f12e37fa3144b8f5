import { codedValues } from '@campus/domain-core';

/** Designation category (spec §3). */
export const designationCategoryOptions = codedValues([
  [1, 'Regular faculty'],
  [2, 'Non-teaching personnel'],
  [3, 'College lecturer'],
  [4, 'Support staff'],
] as const);
export type DesignationCategory = (typeof designationCategoryOptions)[number]['value'];

/** Status flags of an employee's daily time record (spec §3). */
export const dailyRecordStatusOptions = codedValues([
  [1, 'Tardiness'],
  [2, 'Gap'],
  [3, 'Undertime'],
  [4, 'Absent'],
  [5, 'Hours worked'],
  [6, 'Present'],
  [7, 'No official time'],
  [8, 'OB'],
  [9, 'On leave'],
] as const);
export type DailyRecordStatus = (typeof dailyRecordStatusOptions)[number]['value'];

/** Where a time-in or time-out was captured (spec §3). */
export const deviceTypeOptions = codedValues([
  [1, 'App'],
  [2, 'Biometric'],
  [3, 'Face recognition'],
] as const);
export type DeviceType = (typeof deviceTypeOptions)[number]['value'];

/** Work arrangement of a timesheet (spec §3). */
export const workArrangementOptions = codedValues([
  [1, 'On-premises'],
  [2, 'Work from home'],
] as const);
export type WorkArrangement = (typeof workArrangementOptions)[number]['value'];

/** Status (nature) of an appointment, 1 to 10 (spec §3). */
export const appointmentStatusOptions = codedValues([
  [1, 'Permanent'],
  [2, 'Temporary'],
  [3, 'Casual'],
  [4, 'Full-time'],
  [5, 'Part-time'],
  [6, 'Job order'],
  [7, 'Substitute'],
  [8, 'Probationary'],
  [9, 'Contractual'],
  [10, 'Contract of service'],
] as const);
export type AppointmentStatus = (typeof appointmentStatusOptions)[number]['value'];

/** Whether the employee holds a plantilla (regular, budgeted) item (spec §3). */
export const employeeTypeOptions = codedValues([
  ['PLANTILLA', 'Plantilla'],
  ['NON-PLANTILLA', 'Non-plantilla'],
] as const);
export type EmployeeType = (typeof employeeTypeOptions)[number]['value'];

/** Sex as recorded on the personal data sheet; the same values as the spec's gender. */
export const sexOptions = codedValues([
  ['Male', 'Male'],
  ['Female', 'Female'],
  ['Other', 'Other'],
] as const);

/** Civil status, as the spec lists it. */
export const civilStatusOptions = codedValues([
  ['Single', 'Single'],
  ['Married', 'Married'],
  ['Widowed', 'Widowed'],
] as const);

export const bloodTypeOptions = codedValues([
  ['A+', 'A+'],
  ['A-', 'A-'],
  ['B+', 'B+'],
  ['B-', 'B-'],
  ['AB+', 'AB+'],
  ['AB-', 'AB-'],
  ['O+', 'O+'],
  ['O-', 'O-'],
] as const);

/** Leave types of the Civil Service Commission's omnibus rules on leave, by the codes HR offices use. */
export const leaveTypeOptions = codedValues([
  ['VL', 'Vacation leave'],
  ['SL', 'Sick leave'],
  ['FL', 'Mandatory/forced leave'],
  ['SPL', 'Special privilege leave'],
  ['ML', 'Maternity leave'],
  ['PL', 'Paternity leave'],
  ['SOLO', 'Solo parent leave'],
  ['STUDY', 'Study leave'],
  ['VAWC', '10-day VAWC leave'],
  ['RL', 'Rehabilitation privilege'],
  ['SLBW', 'Special leave benefits for women'],
  ['SEL', 'Special emergency (calamity) leave'],
  ['AL', 'Adoption leave'],
] as const);
export type LeaveType = (typeof leaveTypeOptions)[number]['value'];

/** Service credits: days earned by teaching personnel for work beyond their regular duties. */
export const serviceCreditTypeOptions = codedValues([
  ['ELECTION', 'Election duty'],
  ['TRAINING', 'Training or seminar during break'],
  ['HOLIDAY', 'Work on a holiday or rest day'],
  ['CALAMITY', 'Calamity or emergency service'],
  ['SPECIAL', 'Special assignment'],
] as const);
export type ServiceCreditType = (typeof serviceCreditTypeOptions)[number]['value'];

/** Days of a work schedule, ISO numbering (Monday is 1). */
export const weekdayOptions = codedValues([
  [1, 'Monday'],
  [2, 'Tuesday'],
  [3, 'Wednesday'],
  [4, 'Thursday'],
  [5, 'Friday'],
  [6, 'Saturday'],
  [7, 'Sunday'],
] as const);
export type Weekday = (typeof weekdayOptions)[number]['value'];

/** Every HR coded value list, titled, for documentation and pickers. */
export const hrCodedValues = [
  { name: 'designationCategory', title: 'Designation category', options: designationCategoryOptions },
  { name: 'dailyRecordStatus', title: 'Daily-record status', options: dailyRecordStatusOptions },
  { name: 'deviceType', title: 'Device type', options: deviceTypeOptions },
  { name: 'workArrangement', title: 'Work arrangement', options: workArrangementOptions },
  { name: 'appointmentStatus', title: 'Appointment status', options: appointmentStatusOptions },
  { name: 'employeeType', title: 'Employee type', options: employeeTypeOptions },
  { name: 'sex', title: 'Sex', options: sexOptions },
  { name: 'civilStatus', title: 'Civil status', options: civilStatusOptions },
  { name: 'bloodType', title: 'Blood type', options: bloodTypeOptions },
  { name: 'leaveType', title: 'Leave type', options: leaveTypeOptions },
  { name: 'serviceCreditType', title: 'Service credit type', options: serviceCreditTypeOptions },
  { name: 'weekday', title: 'Schedule day', options: weekdayOptions },
] as const;
