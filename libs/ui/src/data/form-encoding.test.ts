import { describe, expect, it } from 'vitest';
import { createSchemaOf, defineEntity, field, updateSchemaOf } from '@campus/domain-core';
import {
  createDefaults,
  decodeEntityForm,
  encodeRecord,
  missingRequired,
  payloadOf,
} from './form-encoding.js';
import { sampleCampuses, sampleCollegeEntity as college } from './sample-entities.js';

const campusId = sampleCampuses[0]?.value ?? '';

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
}

describe('decodeEntityForm', () => {
  it('turns a posted create form into an input the create schema accepts', () => {
    const payload = payloadOf(
      form([
        ['code', ' CEN '],
        ['name', 'College of Engineering'],
        ['campusId', campusId],
        ['email', ''],
        ['opensAt', '07:30'],
        ['capacity', '1200'],
        ['kind', '2'],
        ['days', 'M'],
        ['days', 'W'],
        ['isMain', 'on'],
      ]),
    );
    const input = decodeEntityForm(college, payload, 'create');
    expect(input).toEqual({
      code: 'CEN',
      name: 'College of Engineering',
      campusId,
      opensAt: '07:30:00',
      capacity: 1200,
      kind: 2,
      days: ['M', 'W'],
      programIds: [],
      isMain: true,
    });
    expect(createSchemaOf(college).safeParse(input).success).toBe(true);
  });

  it.each([
    ['clears an emptied optional field on update', { email: '' }, { email: null }],
    ['turns an unchecked switch off', {}, { isMain: false }],
    ['keeps a time with seconds', { opensAt: '18:05:09' }, { opensAt: '18:05:09' }],
    [
      'keeps a number that is not one, for the schema to reject',
      { capacity: 'many' },
      { capacity: Number.NaN },
    ],
  ])('%s', (_name, posted, expected) => {
    const input = decodeEntityForm(college, posted, 'update');
    expect(input).toMatchObject(expected);
  });

  it('leaves out the fields it is told to omit', () => {
    expect(decodeEntityForm(college, { isMain: 'on' }, 'update', { omit: ['isMain'] })).not.toHaveProperty(
      'isMain',
    );
  });

  it('produces an update the update schema accepts', () => {
    const input = decodeEntityForm(college, { code: 'CEN', name: 'Engineering', campusId }, 'update');
    expect(updateSchemaOf(college).safeParse(input).success).toBe(true);
  });
});

describe('encodeRecord', () => {
  it('shows a record as form values and decodes back to the same fields', () => {
    const record = {
      code: 'CEN',
      name: 'Engineering',
      campusId,
      kind: 1,
      days: ['T'],
      isMain: true,
      opensAt: '08:00:00',
      capacity: 10,
    };
    const values = encodeRecord(college, record);
    expect(values).toMatchObject({ code: 'CEN', kind: '1', days: ['T'], isMain: 'on', capacity: '10' });
    expect(decodeEntityForm(college, values, 'create')).toMatchObject(record);
  });

  it('starts a create form with each boolean default', () => {
    expect(createDefaults(college)).toEqual({});
  });
});

describe('missingRequired', () => {
  it.each([
    [{}, ['code', 'name', 'campusId']],
    [{ code: 'A', name: ' ', campusId }, ['name']],
    [{ code: 'A', name: 'B', campusId }, []],
  ])('finds the required fields left empty in %j', (payload, expected) => {
    expect(missingRequired(college, payload, 'create')).toEqual(expected);
  });
});

describe('decodeEntityForm with government-number masks', () => {
  const holder = defineEntity({
    resource: 'masked-holders',
    label: 'Holder',
    pluralLabel: 'Holders',
    application: 'CAMPUS',
    consolePath: '/app/campus-management/masked-holders',
    fields: {
      tin: field.text('TIN', { max: 16, mask: 'tin' }),
      health: field.text('Health insurance number', { max: 15, mask: 'health-number' }),
    },
    listColumns: ['tin'],
    searchFields: [],
    sortFields: [],
    filterFields: [],
    defaultSort: 'tin',
    unique: [],
    displayField: 'tin',
    state: { kind: 'isActive' },
    sample: () => ({}),
  });

  it('masks digits typed without script, as the browser would have', () => {
    const input = decodeEntityForm(holder, payloadOf(form([['tin', '123456789000'], ['health', '12 3456 78901 2']])), 'create');
    expect(input).toEqual({ tin: '123-456-789-000', health: '12-345678901-2' });
  });
});
