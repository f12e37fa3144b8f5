/** The tabs of the employee page: the PDS, then each record kept per employee (resource and title). */
export const EMPLOYEE_TABS = [
  { key: 'pds', title: 'Personal data sheet' },
  { key: 'appointment', title: 'Appointment' },
  { key: 'family', title: 'Family', resource: 'employee-family' },
  { key: 'education', title: 'Education', resource: 'employee-education' },
  { key: 'eligibility', title: 'Eligibility', resource: 'employee-eligibilities' },
  { key: 'voluntary-work', title: 'Voluntary work', resource: 'employee-voluntary-work' },
  { key: 'learning', title: 'Learning and development', resource: 'employee-learning' },
  { key: 'other-info', title: 'Other information', resource: 'employee-other-info' },
  { key: 'work-experience', title: 'Work experience', resource: 'work-experiences' },
  { key: 'service-record', title: 'Service record', resource: 'service-records' },
  { key: 'allowances', title: 'Allowances', resource: 'employee-allowances' },
  { key: 'deductions', title: 'Deductions', resource: 'employee-deductions' },
  { key: 'trainings', title: 'Trainings', resource: 'trainings' },
  { key: 'lwops', title: 'LWOP', resource: 'lwops' },
  { key: 'schedule', title: 'Schedule', resource: 'employee-schedules' },
  { key: 'credits', title: 'Credits' },
  { key: 'dtr', title: 'DTR' },
] as const;
export type EmployeeTabKey = (typeof EMPLOYEE_TABS)[number]['key'];
