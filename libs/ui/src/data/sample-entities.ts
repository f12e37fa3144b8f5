import { codedValues, defineEntity, defineLifecycle, field } from '@campus/domain-core';

/**
 * Small descriptors for the stories and tests of the data components: one with an `isActive` flag and every field
 * kind, one with a status lifecycle. The product's real descriptors live in the domain libraries.
 */
export const sampleCollegeEntity = defineEntity({
  resource: 'sample-colleges',
  label: 'College',
  pluralLabel: 'Colleges',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/sample-colleges',
  fields: {
    code: field.text('Code', { required: true, max: 20, mask: 'upper' }),
    name: field.text('Name', { required: true, max: 150 }),
    campusId: field.reference('Campus', 'campuses', { required: true }),
    email: field.email('Email'),
    description: field.textarea('Description'),
    founded: field.date('Founded'),
    opensAt: field.time('Opens at'),
    capacity: field.integer('Capacity', { min: 1, max: 10000 }),
    kind: field.enum(
      'Kind',
      codedValues([
        [1, 'Academic'],
        [2, 'Research'],
      ] as const),
    ),
    days: field.multiEnum(
      'Days',
      codedValues([
        ['M', 'Monday'],
        ['T', 'Tuesday'],
        ['W', 'Wednesday'],
      ] as const),
    ),
    programIds: field.references('Programs', 'courses'),
    isMain: field.boolean('Main college'),
  },
  listColumns: ['code', 'name', 'campusId', 'kind'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['campusId', 'kind'],
  defaultSort: 'name',
  unique: [
    { field: 'code', label: 'Code' },
    { field: 'name', label: 'Name' },
  ],
  displayField: 'name',
  state: { kind: 'isActive' },
  sample: (s) => ({ code: `C${s}`, name: `College ${s}` }),
});

export const sampleTermEntity = defineEntity({
  resource: 'sample-terms',
  label: 'Term',
  pluralLabel: 'Terms',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/sample-terms',
  fields: {
    code: field.text('Code', { required: true, max: 20 }),
    description: field.text('Description', { required: true, max: 150 }),
  },
  listColumns: ['code', 'description'],
  searchFields: ['code', 'description'],
  sortFields: ['code'],
  filterFields: [],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'description',
  state: {
    kind: 'status',
    lifecycle: defineLifecycle({
      values: codedValues([
        ['UPCOMING', 'Upcoming'],
        ['OPEN', 'Open'],
        ['CLOSED', 'Closed'],
      ] as const),
      initial: 'UPCOMING',
      transitions: { UPCOMING: ['OPEN'], OPEN: ['CLOSED'], CLOSED: [] },
    }),
  },
  sample: (s) => ({ code: `T${s}`, description: `Term ${s}` }),
});

export const sampleCampuses = [
  { value: '7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c0001', label: 'Main Campus' },
  { value: '7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c0002', label: 'North Campus' },
];

export const sampleCollegeRows = [
  {
    _id: '0f3c6a52-8d1e-4c1a-9a77-000000000001',
    code: 'CEN',
    name: 'College of Engineering',
    campusId: sampleCampuses[0]?.value,
    kind: 1,
    isActive: true,
    _labels: { campusId: 'Main Campus' },
  },
  {
    _id: '0f3c6a52-8d1e-4c1a-9a77-000000000002',
    code: 'CAS',
    name: 'College of Arts and Sciences',
    campusId: sampleCampuses[1]?.value,
    kind: 2,
    isActive: false,
    _labels: { campusId: 'North Campus' },
  },
];
