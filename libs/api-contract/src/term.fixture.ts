import { codedValues, defineEntity, defineLifecycle, field } from '@campus/domain-core';

/** A small descriptor with every field kind the list query treats differently, for the library's own tests. */
export const termLifecycle = defineLifecycle({
  values: codedValues([
    ['UPCOMING', 'Upcoming'],
    ['OPEN', 'Open'],
    ['CLOSED', 'Closed'],
  ] as const),
  initial: 'UPCOMING',
  transitions: { UPCOMING: ['OPEN'], OPEN: ['CLOSED'], CLOSED: [] },
});

export const termEntity = defineEntity({
  resource: 'terms',
  label: 'Term',
  pluralLabel: 'Terms',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/terms',
  fields: {
    code: field.text('Code', { required: true, max: 20 }),
    name: field.text('Name', { required: true, max: 100 }),
    weeks: field.integer('Weeks', { min: 1, max: 30 }),
    kind: field.enum('Kind', codedValues([[1, 'Regular'], [2, 'Summer']] as const)),
    isDefault: field.boolean('Default'),
    startsOn: field.date('Starts on'),
    campusId: field.reference('Campus', 'campuses'),
  },
  listColumns: ['code', 'name'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name', 'weeks'],
  filterFields: ['kind', 'isDefault', 'campusId', 'startsOn', 'weeks'],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'name',
  state: { kind: 'status', lifecycle: termLifecycle },
  sample: (s) => ({ code: `T-${s}`, name: `Term ${s}` }),
});
