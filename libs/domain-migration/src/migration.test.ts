import { describe, expect, it } from 'vitest';
import { createRegistry, defineEntity, field, type AnyEntity } from '@campus/domain-core';
import { convertRow, detectDateFormat, keyOf, readDate } from './convert.js';
import { editDistance, matchColumns } from './match.js';
import { importTargets, templateColumns } from './targets.js';

const campus = defineEntity({
  resource: 'campuses',
  label: 'Campus',
  pluralLabel: 'Campuses',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/campuses',
  fields: { code: field.text('Code', { required: true }), name: field.text('Name', { required: true }) },
  listColumns: ['code'],
  searchFields: ['code'],
  sortFields: ['code'],
  filterFields: [],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'name',
  state: { kind: 'isActive' },
  template: ['code', 'name', 'isActive'],
  sample: (s) => ({ code: `C${s}`, name: `Campus ${s}` }),
});
const person = defineEntity({
  resource: 'people',
  label: 'Person',
  pluralLabel: 'People',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/people',
  fields: {
    number: field.text('Number', { required: true }),
    firstName: field.text('First name', { required: true }),
    middleName: field.text('Middle name'),
    lastName: field.text('Last name', { required: true }),
    gender: field.enum('Gender', [
      { value: 'Male', label: 'Male' },
      { value: 'Female', label: 'Female' },
    ]),
    birthDate: field.date('Birth date'),
    units: field.integer('Units'),
    campusId: field.reference('Campus', 'campuses', { required: true }),
  },
  listColumns: ['number'],
  searchFields: ['number'],
  sortFields: ['number'],
  filterFields: [],
  defaultSort: 'number',
  unique: [{ field: 'number', label: 'Code' }],
  displayField: 'lastName',
  state: { kind: 'isActive' },
  template: ['number', 'names', 'gender', 'birthDate', 'units', 'campusCode', 'isActive'],
  sample: (s) => ({ number: s, firstName: 'Ana', lastName: 'Cruz' }),
});
const ledger = defineEntity({
  resource: 'credits',
  label: 'Credit',
  pluralLabel: 'Credits',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/credits',
  fields: {
    code: field.text('Code', { required: true }),
    credit: field.number('Credit'),
    balance: field.number('Balance', { readOnly: true, description: 'Worked out by the database.' }),
  },
  listColumns: ['code'],
  searchFields: ['code'],
  sortFields: ['code'],
  filterFields: [],
  defaultSort: 'code',
  unique: [],
  displayField: 'code',
  state: { kind: 'isActive' },
  template: ['code', 'credit', 'balance'],
  sample: (s) => ({ code: `VL${s}`, credit: 1 }),
});
const registry = createRegistry([campus, person, ledger] as AnyEntity[]);

describe('import targets', () => {
  const [campuses, people] = importTargets(registry);
  it('keeps the template columns in order and resolves references by the referenced natural key', () => {
    expect(templateColumns(people!).map((c) => c.name)).toEqual(['number', 'names', 'gender', 'birthDate', 'units', 'campusCode', 'isActive']);
    expect(people!.columns.find((c) => c.name === 'campusCode')!.target).toEqual({ kind: 'reference', field: 'campusId', resource: 'campuses', keyField: 'code', many: false });
    expect(people!.columns.find((c) => c.name === 'gender')!.codedValues).toEqual(['Male = Male', 'Female = Female']);
    expect(campuses!.naturalKey).toEqual(['code']);
  });

  it('converts a row: names split, coded values by label, dates by format, codes to ids, problems per column', () => {
    const lookup = (resource: string, key: string) => (resource === 'campuses' && key.toLowerCase() === 'main' ? 'id-main' : undefined);
    const ok = convertRow(people!, person as AnyEntity, { number: 'P1', names: 'Cruz, Ana, Reyes', gender: 'female', birthDate: '01/31/2007', units: '1,200', campusCode: 'MAIN', isActive: 'no' }, lookup, 'mm/dd/yyyy');
    expect(ok).toEqual({
      input: { number: 'P1', lastName: 'Cruz', firstName: 'Ana', middleName: 'Reyes', gender: 'Female', birthDate: '2007-01-31', units: 1200, campusId: 'id-main', isActive: false },
      problems: [],
    });
    expect(keyOf(people!, ok.input)).toBe('p1');
    const bad = convertRow(people!, person as AnyEntity, { number: 'P2', gender: 'Robot', campusCode: 'X', units: 'many' }, lookup, 'mm/dd/yyyy');
    expect(bad.problems).toEqual([
      { column: 'gender', message: 'Choose one of: Male, Female.' },
      { column: 'campusCode', message: 'No record with the code X.' },
      { column: 'units', message: 'Enter a number.' },
    ]);
  });
});

describe('a template column the database works out', () => {
  const credits = importTargets(registry).find((t) => t.resource === 'credits')!;
  it('stays in the template and its guide, and a value in it is not imported', () => {
    expect(templateColumns(credits).map((c) => c.name)).toEqual(['code', 'credit', 'balance']);
    const balance = credits.columns.find((c) => c.name === 'balance')!;
    expect(balance.target).toEqual({ kind: 'computed', field: 'balance' });
    expect(balance.description).toBe('Worked out by the database. Leave it blank: a value here is not imported.');
    expect(convertRow(credits, ledger as AnyEntity, { code: 'VL', credit: '2', balance: '99' }, () => undefined, 'mm/dd/yyyy')).toEqual({
      input: { code: 'VL', credit: 2 },
      problems: [],
    });
  });
});

describe('column matching', () => {
  it('matches exact, then loose, then fuzzy, each column once, and ignores the rest', () => {
    expect(matchColumns(['code', 'Code', 'NAME', 'is_actve', 'Remarks'], ['code', 'name', 'isActive'])).toEqual([
      { header: 'code', column: 'code', kind: 'exact' },
      { header: 'Code', column: null, kind: null },
      { header: 'NAME', column: 'name', kind: 'loose' },
      { header: 'is_actve', column: 'isActive', kind: 'fuzzy' },
      { header: 'Remarks', column: null, kind: null },
    ]);
    expect(editDistance('kitten', 'sitting')).toBe(3);
  });
});

describe('dates', () => {
  it('reads ISO dates as they are and a/b/yyyy by the detected or chosen format', () => {
    expect(detectDateFormat(['03/04/2020', '25/12/2020'])).toBe('dd/mm/yyyy');
    expect(detectDateFormat(['12/25/2020'])).toBe('mm/dd/yyyy');
    expect(readDate('2020-02-29', 'dd/mm/yyyy')).toBe('2020-02-29');
    expect(readDate('4/3/2020', 'dd/mm/yyyy')).toBe('2020-03-04');
    expect(readDate('yesterday', 'mm/dd/yyyy')).toBeUndefined();
  });
});
