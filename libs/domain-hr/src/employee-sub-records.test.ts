import { describe, expect, it } from 'vitest';
import {
  EmployeeCivilServiceSchema,
  EmployeeEducationSchema,
  EmployeeFamilySchema,
  EmployeeLearningDevelopmentSchema,
  EmployeeOtherInfoSchema,
  employeeSubRecords,
  EmployeeVoluntaryWorkSchema,
} from './index.js';

const messages = (r: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) => (r.success ? [] : (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('employee sub-records', () => {
  it('names the spec update endpoint of each section', () => {
    expect(Object.values(employeeSubRecords).map((s) => s.endpoint)).toEqual([
      'update-employee-fam',
      'update-employee-educ',
      'update-employee-civser',
      'update-employee-volwork',
      'update-employee-learndev',
      'update-employee-otherinfo',
    ]);
  });

  it.each([
    [
      'family',
      EmployeeFamilySchema,
      {
        spouse: { lastName: 'Cruz', firstName: 'Ana', middleName: 'Lim', occupation: 'Nurse' },
        father: { lastName: 'Rizal', firstName: 'Francisco', nameExtension: 'SR.' },
        mother: { lastName: 'Alonso', firstName: 'Teodora' },
        children: [{ fullName: 'Juan Rizal', birthDate: '2018-03-14' }],
      },
    ],
    ['an empty family', EmployeeFamilySchema, {}],
    [
      'education',
      EmployeeEducationSchema,
      [
        {
          level: 'ELEMENTARY',
          school: 'Calamba Elementary School',
          from: 1996,
          to: 2002,
          yearGraduated: 2002,
        },
        {
          level: 'COLLEGE',
          school: 'Laguna State Polytechnic University',
          degreeCourse: 'BS Education',
          honors: '',
        },
      ],
    ],
    [
      'civil service',
      EmployeeCivilServiceSchema,
      [
        {
          eligibility: 'Licensure Examination for Teachers',
          rating: 84.6,
          examDate: '2012-09-30',
          licenseNumber: '1234567',
        },
      ],
    ],
    [
      'voluntary work',
      EmployeeVoluntaryWorkSchema,
      [{ organization: 'Philippine Red Cross, Calamba', from: '2019-01-01', to: '2019-12-31', hours: 120 }],
    ],
    [
      'learning and development',
      EmployeeLearningDevelopmentSchema,
      [
        {
          title: 'Outcomes-Based Education',
          from: '2024-05-06',
          to: '2024-05-08',
          hours: 24,
          type: 'TECHNICAL',
        },
      ],
    ],
    ['other information', EmployeeOtherInfoSchema, { skillsAndHobbies: ['Chess'], memberships: ['PAFTE'] }],
  ] as const)('accepts %s', (_name, schema, value) => {
    expect(messages(schema.safeParse(value))).toEqual([]);
  });

  it.each([
    [
      'a child without a name',
      EmployeeFamilySchema,
      { children: [{ fullName: '' }] },
      'children.0.fullName',
      'Required',
    ],
    [
      'a spouse without a last name',
      EmployeeFamilySchema,
      { spouse: { firstName: 'Ana' } },
      'spouse.lastName',
      'Required',
    ],
    [
      'an unknown school level',
      EmployeeEducationSchema,
      [{ level: 'KINDER', school: 'X' }],
      '0.level',
      expect.any(String),
    ],
    [
      'school years out of order',
      EmployeeEducationSchema,
      [{ level: 'COLLEGE', school: 'X', from: 2010, to: 2006 }],
      '0.to',
      'The end cannot be before the start.',
    ],
    [
      'a rating over 100',
      EmployeeCivilServiceSchema,
      [{ eligibility: 'CSE', rating: 101 }],
      '0.rating',
      'At most 100.',
    ],
    [
      'an impossible exam date',
      EmployeeCivilServiceSchema,
      [{ eligibility: 'CSE', examDate: '2012-02-31' }],
      '0.examDate',
      'Enter a real date.',
    ],
    [
      'voluntary work ending before it starts',
      EmployeeVoluntaryWorkSchema,
      [{ organization: 'X', from: '2020-01-02', to: '2020-01-01' }],
      '0.to',
      'The end cannot be before the start.',
    ],
    [
      'a training without hours',
      EmployeeLearningDevelopmentSchema,
      [{ title: 'X', from: '2024-01-01', to: '2024-01-01' }],
      '0.hours',
      'Required',
    ],
    [
      'an empty skill',
      EmployeeOtherInfoSchema,
      { skillsAndHobbies: [''] },
      'skillsAndHobbies.0',
      expect.any(String),
    ],
  ] as const)('rejects %s', (_name, schema, value, path, message) => {
    expect(messages(schema.safeParse(value))).toContainEqual([path, message]);
  });
});
