import { describe, expect, it } from 'vitest';
import { defineEntity, field } from '@campus/domain-core';
import { cellText, columnLabel, displayNameOf, type EntityRow } from './format-cell.js';
import { sampleCollegeEntity as college, sampleTermEntity as term } from './sample-entities.js';

const row: EntityRow = {
  _id: '0f3c6a52-8d1e-4c1a-9a77-000000000001',
  code: 'CEN',
  name: 'College of Engineering',
  campusId: '7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c0001',
  kind: 2,
  days: ['M', 'W'],
  programIds: ['a', 'b', 'c'],
  isMain: true,
  isActive: false,
  founded: null,
  _labels: { campusId: 'Main Campus' },
};

describe('cellText', () => {
  it.each([
    ['code', 'CEN'],
    ['campusId', 'Main Campus'],
    ['kind', 'Research'],
    ['days', 'Monday, Wednesday'],
    ['programIds', '3 selected'],
    ['isMain', 'Yes'],
    ['isActive', 'Inactive'],
    ['founded', ''],
  ])('shows %s as %j', (name, expected) => {
    expect(cellText(college, name, row)).toBe(expected);
  });

  it('shows a status by its label', () => {
    expect(cellText(term, 'status', { _id: 'x', status: 'OPEN' })).toBe('Open');
  });
});

describe('labels and names', () => {
  it.each([
    ['campusId', 'Campus'],
    ['isActive', 'Active'],
    ['status', 'Status'],
  ])('labels column %s as %s', (name, expected) => {
    expect(columnLabel(college, name)).toBe(expected);
  });

  it('names a record by its display field, else a fallback field', () => {
    expect(displayNameOf(college, row)).toBe('College of Engineering');
    expect(displayNameOf(term, { _id: 'x', description: '', code: 'T1' })).toBe('T1');
  });
});

describe('durations', () => {
  it('shows an integer kept in seconds as Xh Ym Zs, other integers as they are', () => {
    const entity = defineEntity({
      resource: 'shifts',
      label: 'Shift',
      pluralLabel: 'Shifts',
      application: 'CAMPUS',
      consolePath: '/app/campus-management/shifts',
      fields: {
        length: field.integer('Length', { min: 0, description: 'In seconds.' }),
        slots: field.integer('Slots'),
      },
      listColumns: ['length', 'slots'],
      searchFields: [],
      sortFields: [],
      filterFields: [],
      defaultSort: 'length',
      unique: [],
      displayField: 'length',
      state: { kind: 'isActive' },
      sample: () => ({ length: 0, slots: 1 }),
    });
    expect(cellText(entity, 'length', { _id: 'a', length: 8 * 3600 - 900 + 5 })).toBe('7h 45m 5s');
    expect(cellText(entity, 'slots', { _id: 'a', slots: 3605 })).toBe('3605');
  });
});

describe('cellText through the field descriptor: masks and money', () => {
  const person = defineEntity({
    resource: 'masked-people',
    label: 'Person',
    pluralLabel: 'People',
    application: 'CAMPUS',
    consolePath: '/app/campus-management/masked-people',
    fields: {
      tin: field.text('TIN', { max: 16, mask: 'tin' }),
      health: field.text('Health insurance number', { max: 15, mask: 'health-number' }),
      code: field.text('Code', { max: 20, mask: 'upper' }),
      pay: field.number('Pay', { format: 'peso' }),
      hours: field.number('Hours'),
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
  const masked: EntityRow = { _id: 'x', tin: '123456789000', health: '123456789012', code: 'abc', pay: 1234.5, hours: 1234.5 };

  it.each([
    ['tin', '123-456-789-000'],
    ['health', '12-345678901-2'],
    ['code', 'abc'],
    ['pay', '₱1,234.50'],
    ['hours', '1234.5'],
  ])('shows %s as %j', (name, expected) => {
    expect(cellText(person, name, masked)).toBe(expected);
  });
});
