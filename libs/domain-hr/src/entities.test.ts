import {
  createRegistry,
  createSchemaOf,
  recordSchemaOf,
  ruleProblems,
  sampleWithReferences,
  updateSchemaOf,
  type AnyEntity,
} from '@campus/domain-core';
import { describe, expect, it } from 'vitest';
import {
  appointmentEntity,
  dailyTimeRecordEntity,
  designationEntity,
  employeeEntity,
  employeeScheduleEntity,
  hrDepartmentEntity,
  hrEntities,
  hrScheduleEntity,
  hrScheduleItemEntity,
  leaveCreditEntity,
  salaryGradeEntity,
  salaryGradeGrid,
  serviceCreditEntity,
  serviceRecordEntity,
  timesheetEntity,
  timesheetSpan,
  workExperienceEntity,
} from './index.js';

const ID = '6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f';

/** The entity's sample with an id in every required reference, as a screen would pick one. */
const validInput = (entity: AnyEntity, suffix = 'T1') => sampleWithReferences(entity, suffix, ID);

/** The field → message pairs the create schema reports for the sample changed by `patch`. */
function problemsWith(entity: AnyEntity, patch: Record<string, unknown>): [string, string][] {
  const result = createSchemaOf(entity).safeParse({ ...validInput(entity), ...patch });
  if (result.success) return [];
  return result.error.issues.map((i) => [i.path.join('.'), i.message]);
}

const all = hrEntities as readonly AnyEntity[];

describe('HR entity descriptors', () => {
  it('describes the twenty-six HR resources once each', () => {
    const registry = createRegistry(all);
    expect(all.map((e) => e.resource).sort()).toEqual(
      [
        'appointments',
        'daily-time-records',
        'designations',
        'employee-schedules',
        'employees',
        'hr-departments',
        'hr-schedule-items',
        'hr-schedules',
        'leave-credits',
        'salary-grades',
        'service-credits',
        'service-records',
        'timesheets',
        'work-experiences',
        'allowance-types',
        'deduction-types',
        'employee-allowances',
        'employee-deductions',
        'lwops',
        'trainings',
        'employee-family',
        'employee-education',
        'employee-eligibilities',
        'employee-voluntary-work',
        'employee-learning',
        'employee-other-info',
      ].sort(),
    );
    expect(registry.byConsolePath('/app/campus-management/hr/employees')).toBe(employeeEntity);
  });

  it.each(all.map((e) => [e.resource, e] as const))(
    'places %s in Campus Management under /hr',
    (resource, e) => {
      expect(e.application).toBe('CAMPUS');
      expect(e.consolePath).toBe(`/app/campus-management/hr/${resource}`);
      expect(e.state).toEqual({ kind: 'isActive' });
    },
  );

  it.each(all.map((e) => [e.resource, e] as const))('accepts the sample of %s', (_r, e) => {
    expect(problemsWith(e, {})).toEqual([]);
    expect(ruleProblems(e, validInput(e))).toEqual([]);
  });

  it.each(all.map((e) => [e.resource, e] as const))(
    'points every reference of %s at an HR resource',
    (_r, e) => {
      const resources = new Set(all.map((x) => x.resource));
      for (const f of Object.values(e.fields)) {
        if (f.kind === 'reference' || f.kind === 'multi-reference')
          expect(resources.has(f.resource)).toBe(true);
      }
    },
  );

  it.each(all.map((e) => [e.resource, e] as const))(
    'names only real fields in the default sort of %s',
    (_r, e) => {
      expect(Object.keys(e.fields)).toContain(e.defaultSort.replace(/^-/, ''));
      expect(e.sortFields).toContain(e.defaultSort.replace(/^-/, ''));
    },
  );

  it('accepts the state change alone as an update', () => {
    expect(updateSchemaOf(employeeEntity).parse({ isActive: false, modifiedById: ID })).toEqual({
      isActive: false,
      modifiedById: ID,
    });
  });

  it('returns records with the state flag and reference labels', () => {
    const record = {
      _id: ID,
      createdAt: '2026-01-01T00:00:00Z',
      updatedAt: '2026-01-01T00:00:00Z',
      modifiedById: null,
      isActive: true,
      ...validInput(employeeEntity),
      _labels: { designationId: 'Instructor I' },
    };
    expect(recordSchemaOf(employeeEntity).safeParse(record).success).toBe(true);
  });
});

describe('bulk-import templates follow spec §3 exactly', () => {
  it.each([
    [hrDepartmentEntity, ['headCode', 'name', 'description']],
    [
      designationEntity,
      [
        'name',
        'description',
        'isManagerial',
        'plantillaItem',
        'slots',
        'vacant',
        'salaryGradeCode',
        'salaryGradeStep',
        'monthlySalary',
        'category',
        'placeOfAssignment',
        'departmentCode',
      ],
    ],
    [
      dailyTimeRecordEntity,
      [
        'employeeNumber',
        'date',
        'statuses',
        'totalDuration',
        'tardinessDuration',
        'undertimeDuration',
        'lwopDuration',
      ],
    ],
    [
      timesheetEntity,
      [
        'timeIn',
        'timeOut',
        'duration',
        'timeInDeviceType',
        'timeOutDeviceType',
        'timeInCoordination',
        'timeOutCoordination',
        'workArrangement',
        'isActive',
        'isAdjusted',
        'recordId',
      ],
    ],
    [leaveCreditEntity, ['typeCode', 'employeeNumber', 'credit', 'debit', 'balance']],
    [serviceCreditEntity, ['typeCode', 'employeeNumber', 'credit', 'debit', 'balance']],
    [salaryGradeEntity, ['name', 'step', 'salary']],
    [appointmentEntity, ['name', 'departmentCode']],
  ] as const)('gives %o the spec columns', (entity, columns) => {
    expect(entity.template).toEqual(columns);
  });
});

describe('field kinds the database tables are built from', () => {
  it.each([
    [timesheetEntity, 'timeIn', 'time'],
    [timesheetEntity, 'timeOut', 'time'],
    [timesheetEntity, 'timeInDeviceType', 'enum'],
    [timesheetEntity, 'workArrangement', 'enum'],
    [timesheetEntity, 'recordId', 'reference'],
    [timesheetEntity, 'duration', 'integer'],
    [dailyTimeRecordEntity, 'date', 'date'],
    [dailyTimeRecordEntity, 'statuses', 'multi-enum'],
    [dailyTimeRecordEntity, 'employeeId', 'reference'],
    [designationEntity, 'category', 'enum'],
    [designationEntity, 'monthlySalary', 'number'],
    [designationEntity, 'slots', 'integer'],
    [designationEntity, 'departmentId', 'reference'],
    [designationEntity, 'salaryGradeCode', 'text'],
    [employeeEntity, 'birthDate', 'date'],
    [employeeEntity, 'employeeType', 'enum'],
    [employeeEntity, 'appointmentStatus', 'enum'],
    [employeeEntity, 'designationId', 'reference'],
    [employeeEntity, 'departmentId', 'reference'],
    [employeeEntity, 'email', 'email'],
    [hrScheduleItemEntity, 'day', 'enum'],
    [leaveCreditEntity, 'credit', 'number'],
  ] as const)('describes %s.%s as %s', (entity, name, kind) => {
    expect((entity.fields as AnyEntity['fields'])[name]?.kind).toBe(kind);
  });

  it.each([
    [employeeEntity, 'designationId', 'designations'],
    [employeeEntity, 'departmentId', 'hr-departments'],
    [designationEntity, 'departmentId', 'hr-departments'],
    [hrDepartmentEntity, 'headId', 'employees'],
    [timesheetEntity, 'recordId', 'daily-time-records'],
    [hrScheduleItemEntity, 'scheduleId', 'hr-schedules'],
    [employeeScheduleEntity, 'scheduleId', 'hr-schedules'],
  ] as const)('links %s.%s to %s', (entity, name, resource) => {
    const f = (entity.fields as AnyEntity['fields'])[name];
    expect(f?.kind === 'reference' && f.resource).toBe(resource);
  });

  it('masks the TIN and the PhilHealth number', () => {
    expect(employeeEntity.fields.tin.mask).toBe('tin');
    expect(employeeEntity.fields.philhealthNumber.mask).toBe('health-number');
  });

  it('keeps employee numbers unique, reported as a code clash', () => {
    expect(employeeEntity.unique).toEqual([{ field: 'employeeNumber', label: 'Code' }]);
  });
});

describe('employees', () => {
  it.each([
    [{ employeeNumber: '' }, 'employeeNumber', 'Required'],
    [{ firstName: undefined }, 'firstName', 'Required'],
    [{ lastName: '  ' }, 'lastName', 'Required'],
    [{ employeeType: 'REGULAR' }, 'employeeType', 'Choose one of: Plantilla, Non-plantilla.'],
    [{ appointmentStatus: 11 }, 'appointmentStatus', expect.stringContaining('Choose one of: Permanent')],
    [{ tin: '123456789' }, 'tin', 'Enter the TIN as 123-456-789 or 123-456-789-000.'],
    [{ tin: '123-456-78' }, 'tin', 'Enter the TIN as 123-456-789 or 123-456-789-000.'],
    [
      { philhealthNumber: '123456789012' },
      'philhealthNumber',
      'Enter the PhilHealth number as 12-345678901-2.',
    ],
    [{ gsisNumber: '123' }, 'gsisNumber', 'Enter the 11-digit GSIS BP number.'],
    [{ sssNumber: '12-345' }, 'sssNumber', 'Enter the SSS number as 12-3456789-0.'],
    [{ pagibigNumber: '1234' }, 'pagibigNumber', 'Enter the 12-digit Pag-IBIG MID number.'],
    [{ residentialZipCode: '40270' }, 'residentialZipCode', 'At most 4 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
    [{ birthDate: '2990-01-01', dateHired: null }, 'birthDate', 'The birth date cannot be in the future.'],
    [{ birthDate: '1990-02-30' }, 'birthDate', 'Enter a date as yyyy-mm-dd.'],
    [
      { birthDate: '1990-06-19', dateHired: '1985-01-01' },
      'dateHired',
      'The date hired cannot be before the birth date.',
    ],
    [{ designationId: 'not-an-id' }, 'designationId', 'Choose a designation.'],
  ])('rejects %j', (patch, fieldName, message) => {
    expect(problemsWith(employeeEntity, patch)).toContainEqual([fieldName, message]);
  });

  it.each([
    [{ tin: '123-456-789' }],
    [{ tin: '123-456-789-0123' }],
    [{ philhealthNumber: '12-345678901-23' }],
    [{ middleName: '', nameExtension: 'JR.', sex: 'Female', civilStatus: 'Widowed' }],
    [{ employeeType: 'NON-PLANTILLA', appointmentStatus: 10 }],
    [{ designationId: ID, departmentId: ID }],
  ])('accepts %j', (patch) => {
    expect(problemsWith(employeeEntity, patch)).toEqual([]);
  });
});

describe('designations', () => {
  it.each([
    [{ slots: 2, vacant: 3 }, 'vacant', 'Vacant slots cannot exceed the slots.'],
    [
      { category: 5 },
      'category',
      'Choose one of: Regular faculty, Non-teaching personnel, College lecturer, Support staff.',
    ],
    [{ salaryGradeStep: 9 }, 'salaryGradeStep', 'At most 8.'],
    [{ salaryGradeCode: 'SG 11', salaryGradeStep: undefined }, 'salaryGradeStep', 'Choose the step of the salary grade.'],
    [{ salaryGradeCode: undefined, salaryGradeStep: 2 }, 'salaryGradeCode', 'Choose the salary grade of the step.'],
    [{ slots: 1.5 }, 'slots', 'Enter a whole number.'],
  ])('rejects %j', (patch, fieldName, message) => {
    expect(problemsWith(designationEntity, patch)).toContainEqual([fieldName, message]);
  });

  it('accepts a designation whose every slot is vacant', () => {
    expect(problemsWith(designationEntity, { slots: 3, vacant: 3 })).toEqual([]);
  });

  it('never takes a typed monthly salary: it follows the salary grade table', () => {
    expect(designationEntity.fields.monthlySalary.readOnly).toBe(true);
  });
});

describe('salary grades', () => {
  it('lays the cells out as a grade × step grid in grade order, leaving out inactive cells', () => {
    const grid = salaryGradeGrid([
      { id: 'a', name: 'SG 11', step: 2, salary: 27284 },
      { id: 'b', name: 'SG 2', step: 1, salary: 14061 },
      { id: 'c', name: 'SG 11', step: 1, salary: 27000 },
      { id: 'd', name: 'SG 11', step: 3, salary: 1, isActive: false },
    ]);
    expect(grid.map((r) => r.grade)).toEqual(['SG 2', 'SG 11']);
    expect(grid[1]!.steps.slice(0, 3)).toEqual([{ id: 'c', salary: 27000 }, { id: 'a', salary: 27284 }, null]);
    expect(grid[1]!.steps).toHaveLength(8);
  });

  it('keeps the grade name unique per step', () => {
    expect(salaryGradeEntity.unique).toEqual([{ field: 'name', label: 'Name', scope: ['step'] }]);
  });

  it.each([
    [{ step: 0 }, 'step', 'At least 1.'],
    [{ salary: 'a lot' }, 'salary', 'Enter a number.'],
  ])('rejects %j', (patch, fieldName, message) => {
    expect(problemsWith(salaryGradeEntity, patch)).toContainEqual([fieldName, message]);
  });
});

describe('daily time records', () => {
  it.each([
    [{ statuses: [10] }, 'statuses', 'Choose from the listed values.'],
    [{ date: '2026-13-01' }, 'date', 'Enter a date as yyyy-mm-dd.'],
    [{ totalDuration: 86401 }, 'totalDuration', 'At most 86400.'],
    [
      { totalDuration: 80000, tardinessDuration: 7000 },
      'totalDuration',
      'The durations of a day cannot add up to more than 24 hours.',
    ],
    [{ employeeId: undefined }, 'employeeId', 'Required'],
  ])('rejects %j', (patch, fieldName, message) => {
    expect(problemsWith(dailyTimeRecordEntity, patch)).toContainEqual([
      fieldName,
      expect.stringContaining(message),
    ]);
  });
});

describe('timesheets', () => {
  it.each([
    [{ timeIn: '7:55:12' }, 'timeIn', 'Enter a time as hh:mm:ss (24-hour).'],
    [{ timeOut: '24:00:00' }, 'timeOut', 'Enter a time as hh:mm:ss (24-hour).'],
    [{ timeIn: null }, 'timeIn', 'Enter the time in before the time out.'],
    [
      { timeInCoordination: '14.5995' },
      'timeInCoordination',
      'Enter coordinates as "latitude, longitude", e.g. "14.5995, 120.9842".',
    ],
    [{ timeInCoordination: '95.1, 120.9' }, 'timeInCoordination', 'Latitude must be between -90 and 90.'],
    [{ timeOutCoordination: '14.5, 190' }, 'timeOutCoordination', 'Longitude must be between -180 and 180.'],
    [{ timeInDeviceType: 4 }, 'timeInDeviceType', 'Choose one of: App, Biometric, Face recognition.'],
    [{ workArrangement: 3 }, 'workArrangement', 'Choose one of: On-premises, Work from home.'],
    [
      { timeIn: '08:00:00', timeOut: '12:00:00', duration: 4 * 3600 + 1 },
      'duration',
      'The duration cannot be longer than the time from time in to time out.',
    ],
    [{ recordId: undefined }, 'recordId', 'Required'],
  ])('rejects %j', (patch, fieldName, message) => {
    expect(problemsWith(timesheetEntity, patch)).toContainEqual([fieldName, message]);
  });

  it.each([
    [{ timeIn: '22:00:00', timeOut: '06:00:00', duration: 8 * 3600 }],
    [{ timeOut: null, timeOutDeviceType: null, timeOutCoordination: null, duration: null }],
    [{ timeInCoordination: '-90, 180' }],
  ])('accepts %j', (patch) => {
    expect(problemsWith(timesheetEntity, patch)).toEqual([]);
  });

  it.each([
    ['08:00:00', '17:00:00', 9 * 3600],
    ['22:00:00', '06:00:00', 8 * 3600],
    ['08:00:00', '08:00:00', 0],
    ['08:00:00', null, null],
    ['8:00', '17:00:00', null],
  ])('spans %s to %s as %j seconds', (timeIn, timeOut, span) => {
    expect(timesheetSpan(timeIn, timeOut)).toBe(span);
  });
});

describe('HR schedules and their items', () => {
  it.each([
    [{ timeOut: '07:00:00' }, 'timeOut', 'The time out must be after the time in.'],
    [{ breakStart: '13:00:00', breakEnd: '12:00:00' }, 'breakEnd', 'The break must end after it starts.'],
    [{ breakStart: '07:00:00' }, 'breakStart', 'The break must start after the time in.'],
    [{ breakEnd: '18:00:00' }, 'timeOut', 'The break must end before the time out.'],
    [{ breakEnd: null }, 'breakEnd', 'Enter when the break ends.'],
    [{ breakStart: null }, 'breakStart', 'Enter when the break starts.'],
    [{ day: 8 }, 'day', expect.stringContaining('Choose one of: Monday')],
  ])('rejects the schedule item %j', (patch, fieldName, message) => {
    expect(problemsWith(hrScheduleItemEntity, patch)).toContainEqual([fieldName, message]);
  });

  it('accepts a schedule item without a break', () => {
    expect(problemsWith(hrScheduleItemEntity, { breakStart: null, breakEnd: null })).toEqual([]);
  });

  it('rejects a grace period over two hours', () => {
    expect(problemsWith(hrScheduleEntity, { gracePeriodMinutes: 121 })).toContainEqual([
      'gracePeriodMinutes',
      'At most 120.',
    ]);
  });

  it('rejects an employee schedule that ends before it starts', () => {
    expect(
      problemsWith(employeeScheduleEntity, { effectiveFrom: '2026-06-01', effectiveTo: '2026-05-31' }),
    ).toEqual([['effectiveTo', 'The end date cannot be before the start date.']]);
  });
});

describe('leave and service credits', () => {
  it.each([
    [leaveCreditEntity, { typeCode: 'XX' }, 'typeCode', expect.stringContaining('Vacation leave')],
    [serviceCreditEntity, { typeCode: 'VL' }, 'typeCode', expect.stringContaining('Election duty')],
    [leaveCreditEntity, { credit: 0, debit: 0 }, 'credit', 'Enter the days credited or debited.'],
    [serviceCreditEntity, { credit: null, debit: null }, 'credit', 'Enter the days credited or debited.'],
    [leaveCreditEntity, { debit: -1 }, 'debit', 'At least 0.'],
    [leaveCreditEntity, { asOf: '2999-01-01' }, 'asOf', 'The as-of date cannot be in the future.'],
  ] as const)('rejects %#: %j', (entity, patch, fieldName, message) => {
    expect(problemsWith(entity, patch)).toContainEqual([fieldName, message]);
  });

  it('accepts a debit alone', () => {
    expect(problemsWith(leaveCreditEntity, { credit: 0, debit: 1 })).toEqual([]);
  });
});

describe('work experiences and service records', () => {
  it.each([
    [
      workExperienceEntity,
      { from: '2015-01-01', to: '2014-12-31' },
      'to',
      'The end date cannot be before the start date.',
    ],
    [workExperienceEntity, { salaryGrade: 'eleven' }, 'salaryGrade', 'Enter the grade and step as 11-1.'],
    [workExperienceEntity, { positionTitle: '' }, 'positionTitle', 'Required'],
    [
      serviceRecordEntity,
      { from: '2015-06-01', to: '2015-05-01' },
      'to',
      'The end date cannot be before the start date.',
    ],
    [
      serviceRecordEntity,
      { separationDate: '2010-01-01' },
      'separationDate',
      'The separation date cannot be before the start date.',
    ],
    [
      serviceRecordEntity,
      { branch: 'PRIVATE' },
      'branch',
      expect.stringContaining('State university or college'),
    ],
  ] as const)('rejects %#: %j', (entity, patch, fieldName, message) => {
    expect(problemsWith(entity, patch)).toContainEqual([fieldName, message]);
  });

  it('accepts a position still held', () => {
    expect(problemsWith(workExperienceEntity, { to: null })).toEqual([]);
  });
});

describe('departments and appointments', () => {
  it.each([
    [hrDepartmentEntity, { name: '' }, 'name', 'Required'],
    [hrDepartmentEntity, { headId: 'x' }, 'headId', 'Choose a head.'],
    [appointmentEntity, { appointmentStatus: 0 }, 'appointmentStatus', expect.stringContaining('Permanent')],
  ] as const)('rejects %#: %j', (entity, patch, fieldName, message) => {
    expect(problemsWith(entity, patch)).toContainEqual([fieldName, message]);
  });

  it('keeps department names unique', () => {
    expect(hrDepartmentEntity.unique).toEqual([{ field: 'name', label: 'Name' }]);
    expect(hrDepartmentEntity.displayField).toBe('name');
  });
});
