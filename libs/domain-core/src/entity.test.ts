import { describe, expect, it } from 'vitest';
import {
  codedValues,
  createSchemaOf,
  defineEntity,
  defineLifecycle,
  field,
  initialState,
  isAllowedStateChange,
  recordSchemaOf,
  uniquenessMessage,
  updateSchemaOf,
} from './index.js';

const lifecycle = defineLifecycle({
  values: codedValues([
    ['DRAFT', 'Draft'],
    ['OPEN', 'Open'],
    ['CLOSED', 'Closed'],
  ] as const),
  initial: 'DRAFT',
  transitions: { DRAFT: ['OPEN'], OPEN: ['CLOSED'], CLOSED: [] },
});

const thing = defineEntity({
  resource: 'things',
  label: 'Thing',
  pluralLabel: 'Things',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/things',
  fields: {
    code: field.text('Code', { required: true, max: 10 }),
    name: field.text('Name', { required: true }),
    day: field.date('Day'),
    at: field.time('At'),
    size: field.integer('Size', { min: 0, max: 10 }),
    kind: field.enum('Kind', codedValues([[1, 'One'], [2, 'Two']] as const)),
    campusId: field.reference('Campus', 'campuses'),
    secret: field.password('Secret', { createOnly: true }),
  },
  listColumns: ['code', 'name'],
  searchFields: ['code', 'name'],
  sortFields: ['code', 'name'],
  filterFields: ['kind'],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'name',
  state: { kind: 'status', lifecycle },
  rules: [(v) => (v.size === 7 ? [{ field: 'size', message: 'Not seven.' }] : undefined)],
  sample: (s) => ({ code: `T${s}`, name: `Thing ${s}` }),
});

describe('entity descriptors', () => {
  const create = createSchemaOf(thing);

  it('accepts a valid create input and trims text', () => {
    expect(create.parse({ code: ' A1 ', name: 'Alpha', day: '2026-02-28', at: '23:59:59', kind: 2 })).toMatchObject({
      code: 'A1',
      kind: 2,
    });
  });

  it.each([
    [{ name: 'x' }, 'code'],
    [{ code: 'A', name: 'x', day: '2026-02-30' }, 'day'],
    [{ code: 'A', name: 'x', at: '24:00:00' }, 'at'],
    [{ code: 'A', name: 'x', size: 1.5 }, 'size'],
    [{ code: 'A', name: 'x', kind: 3 }, 'kind'],
    [{ code: 'A', name: 'x', campusId: 'nope' }, 'campusId'],
    [{ code: 'A', name: 'x', size: 7 }, 'size'],
    [{ code: 'A', name: 'x', extra: 1 }, ''],
    [{ code: 'A'.repeat(11), name: 'x' }, 'code'],
  ])('rejects %j at %s', (input, path) => {
    const result = create.safeParse(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.path.join('.'))).toContain(path);
  });

  it('treats an empty optional field as not given', () => {
    expect(create.parse({ code: 'A', name: 'x', day: '' }).day).toBeNull();
  });

  it('allows a state change alone as an update, and leaves create-only fields out', () => {
    const update = updateSchemaOf(thing);
    expect(update.parse({ status: 'OPEN' })).toEqual({ status: 'OPEN' });
    expect(update.safeParse({ secret: 'x' }).success).toBe(false);
  });

  it('never returns write-only fields in a record', () => {
    expect(Object.keys(recordSchemaOf(thing).shape)).not.toContain('secret');
  });

  it('follows the status lifecycle', () => {
    expect(initialState(thing)).toBe('DRAFT');
    expect(isAllowedStateChange(thing, 'DRAFT', 'OPEN')).toBe(true);
    expect(isAllowedStateChange(thing, 'OPEN', 'OPEN')).toBe(true);
    expect(isAllowedStateChange(thing, 'CLOSED', 'DRAFT')).toBe(false);
  });

  it('words uniqueness clashes as the spec does', () => {
    expect(uniquenessMessage('Code', 'Main Campus')).toBe('Code is existing in Main Campus.');
  });

  it('refuses a descriptor that names an unknown field', () => {
    expect(() => defineEntity({ ...thing, listColumns: ['nope'] } as never)).toThrow(/unknown field nope/);
  });
});

describe('multi-reference fields', () => {
  it('accepts a list of ids and drops repeats', () => {
    const id = '0b8c4a52-3a0e-4d8c-9f55-2f1a2b3c4d5e';
    const schema = createSchemaOf(
      defineEntity({
        resource: 'roles-x',
        label: 'Role',
        pluralLabel: 'Roles',
        application: 'IAM',
        consolePath: '/app/access-management/roles-x',
        fields: { name: field.text('Name', { required: true }), moduleIds: field.references('Modules', 'modules') },
        listColumns: ['name'],
        searchFields: ['name'],
        sortFields: ['name'],
        filterFields: [],
        defaultSort: 'name',
        unique: [{ field: 'name', label: 'Name' }],
        displayField: 'name',
        state: { kind: 'isActive' },
        sample: (s) => ({ name: `Role ${s}` }),
      }),
    );
    expect(schema.parse({ name: 'R', moduleIds: [id, id] }).moduleIds).toEqual([id]);
    expect(schema.safeParse({ name: 'R', moduleIds: ['x'] }).success).toBe(false);
  });
});
