import { describe, expect, it } from 'vitest';
import {
  initials,
  placeholdersIn,
  renderTemplate,
  TEMPLATE_PLACEHOLDERS,
  type TemplateEmployee,
} from './index.js';

const employee: TemplateEmployee = {
  fname: 'Maria',
  lname: 'Santos',
  mname: 'Reyes',
  designation: { name: 'Instructor I' },
  department: { name: 'College of Engineering' },
};
const now = new Date('2026-11-21T06:05:09Z');

describe('renderTemplate', () => {
  it.each([
    ['Dear [[first_name]] [[last_name]],', employee, 'Dear Maria Santos,'],
    ['[[first_name]] [[middle_name]] [[last_name]]', employee, 'Maria Reyes Santos'],
    ['[[designation]], [[department]]', employee, 'Instructor I, College of Engineering'],
    ['Issued [[date_now]]', employee, 'Issued November 21, 2026'],
    ['Hi [[first_name]][[first_name]]', employee, 'Hi MariaMaria'],
    ['Hi [[ first_name ]]', employee, 'Hi Maria'],
    ['Hi [[nickname]] [[first_name]]', employee, 'Hi [[nickname]] Maria'],
    ['[[middle_name]]|[[designation]]|[[department]]', { fname: 'Jo' }, '||'],
    ['[[designation]]', { designation: null }, ''],
    ['Hi [[first_name]]', null, 'Hi '],
    ['No placeholders', employee, 'No placeholders'],
    ['[first_name] [[first_name]', employee, '[first_name] [[first_name]'],
  ] as const)('fills %j', (template, who, expected) => {
    expect(renderTemplate(template, who, now)).toBe(expected);
  });

  it('shows the current date in the locale it is given', () => {
    expect(renderTemplate('[[date_now]]', employee, now, { locale: 'en-US', style: 'short' })).toBe(
      '11/21/26',
    );
  });
});

describe('TEMPLATE_PLACEHOLDERS', () => {
  it('lists the spec placeholders in order with their labels', () => {
    expect(TEMPLATE_PLACEHOLDERS.map((p) => [p.code, p.label, p.token])).toEqual([
      ['first_name', 'First name', '[[first_name]]'],
      ['last_name', 'Last name', '[[last_name]]'],
      ['middle_name', 'Middle name', '[[middle_name]]'],
      ['designation', 'Designation', '[[designation]]'],
      ['department', 'Department', '[[department]]'],
      ['date_now', 'Current date', '[[date_now]]'],
    ]);
  });

  it('fills every listed placeholder', () => {
    for (const p of TEMPLATE_PLACEHOLDERS) expect(renderTemplate(p.token, employee, now)).not.toContain('[[');
  });
});

describe('placeholdersIn', () => {
  it.each([
    ['[[date_now]] [[first_name]] [[date_now]] [[other]]', ['date_now', 'first_name']],
    ['plain', []],
  ])('finds the placeholders of %j', (template, expected) => {
    expect(placeholdersIn(template)).toEqual(expected);
  });
});

describe('initials', () => {
  it.each([
    ['Juan', 'dela Cruz', 'JD'],
    ['maria', 'santos', 'MS'],
    ['Ñino', 'Ébora', 'ÑÉ'],
    ['  ana', '(Lim)', 'AL'],
    ['Ana', null, 'A'],
    [undefined, 'Lim', 'L'],
    ['', '', ''],
    [null, undefined, ''],
  ])('gives %j %j the initials %j', (first, last, expected) => {
    expect(initials(first, last)).toBe(expected);
  });
});
