import { describe, expect, it } from 'vitest';
import { codedValues, createSchemaOf, defineEntity, defineLifecycle, fastInputOf, field, updateSchemaOf, type AnyEntity } from './index.js';

const lifecycle = defineLifecycle({
  values: codedValues([
    ['DRAFT', 'Draft'],
    ['OPEN', 'Open'],
  ] as const),
  initial: 'DRAFT',
  transitions: { DRAFT: ['OPEN'], OPEN: [] },
});

const fields = {
  code: field.text('Code', { required: true, max: 6, pattern: { regex: /^[A-Z0-9-]+$/, message: 'Capitals, digits and dashes.' } }),
  name: field.text('Name', { required: true, max: 20 }),
  nick: field.text('Nick', { min: 3, max: 8 }),
  notes: field.textarea('Notes'),
  email: field.email('Email'),
  day: field.date('Day'),
  size: field.integer('Size', { min: 0, max: 10 }),
  weight: field.number('Weight', { min: 0 }),
  flag: field.boolean('Flag'),
  kind: field.enum('Kind', codedValues([['A', 'Alpha'], ['B', 'Beta']] as const)),
  level: field.enum('Level', codedValues([[1, 'One'], [2, 'Two']] as const)),
  campusId: field.reference('Campus', 'campuses', { required: true }),
  tagIds: field.references('Tags', 'tags'),
  pin: field.text('Pin', { createOnly: true, max: 4 }),
  total: field.integer('Total', { readOnly: true }),
};
const common = {
  label: 'Thing',
  pluralLabel: 'Things',
  application: 'CAMPUS',
  consolePath: '/app/campus-management/things',
  fields,
  listColumns: ['code'],
  searchFields: ['code'],
  sortFields: ['code'],
  filterFields: [],
  defaultSort: 'code',
  unique: [{ field: 'code', label: 'Code' }],
  displayField: 'name',
  rules: [(v: Record<string, unknown>) => (v.size === 7 ? [{ field: 'size', message: 'Not seven.' }] : undefined)],
  sample: () => ({}),
} as const;
const active = defineEntity({ ...common, resource: 'things', state: { kind: 'isActive' } }) as unknown as AnyEntity;
const staged = defineEntity({ ...common, resource: 'steps', state: { kind: 'status', lifecycle } }) as unknown as AnyEntity;

const ID = '0b6f6c1e-8a43-4a3e-9d7e-2f3c4b5a6d7e';
/** Values each key may take: plain ones, and every kind of value the schema treats specially. */
const tricky = [undefined, null, '', '   ', ' x ', 'é', 'e\u0301', '\u202Ex', '\u200B', 'a\u0000b', 'x'.repeat(300), 1, 'true', true, [], {}];
const candidates: Record<string, unknown[]> = {
  code: ['A-1', ' B2 ', 'abc', 'TOOLONG1', ...tricky],
  name: ['Alpha', ' Dela Cruz ', "O'Brien, Jr.", 'x'.repeat(20), 'x'.repeat(21), ...tricky],
  nick: ['abc', 'ab', ' abcd ', 'abcdefghi', ...tricky],
  notes: ['line one\nline two', 'plain', ...tricky],
  email: ['a@b.ph', 'A@B.PH', 'nope', ...tricky],
  day: ['2026-02-28', '2026-02-30', '2024-02-29', '2026-2-1', ...tricky],
  size: [0, 3, 7, 10, 11, -1, 2.5, Number.NaN, ...tricky],
  weight: [0, 1.25, -0.5, Number.POSITIVE_INFINITY, ...tricky],
  flag: [true, false, ...tricky],
  kind: ['A', 'B', 'a', 'Alpha', 1, ...tricky],
  level: [1, 2, '1', 3, ...tricky],
  campusId: [ID, ID.toUpperCase(), 'not-an-id', ...tricky],
  tagIds: [[ID, ID], [ID, 'x'], Array.from({ length: 501 }, () => ID), ...tricky],
  pin: ['1234', '12345', ...tricky],
  total: [1, ...tricky],
  isActive: [true, false, ...tricky],
  status: ['DRAFT', 'OPEN', 'Draft', ...tricky],
  modifiedById: [ID, ...tricky],
  other: ['x', ...tricky],
};

/** A small deterministic generator, so a failure repeats. */
function generator(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s % n;
  };
}

/** Inputs mostly plain (what a clean import row holds), each with some keys left out or made tricky. */
function inputs(entity: AnyEntity, count: number): Record<string, unknown>[] {
  const pick = generator(entity.resource.length * 7919);
  const keys = Object.keys(candidates);
  const list: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i += 1) {
    const input: Record<string, unknown> = {};
    const trickyKeys = i % 3 === 0 ? 0 : 1 + pick(2);
    for (const key of keys) {
      // Keys the schema never takes from an import row come in only as tricky ones below.
      if (['other', 'modifiedById', 'total'].includes(key)) continue;
      const always = ['code', 'name', 'campusId', 'day', 'size', 'flag', 'kind', entity.state.kind].includes(key);
      if (always || pick(3) === 0) input[key] = candidates[key]![pick(4)];
    }
    for (let t = 0; t < trickyKeys; t += 1) {
      const key = keys[pick(keys.length)]!;
      input[key] = candidates[key]![pick(candidates[key]!.length)];
    }
    list.push(input);
  }
  return list;
}

describe('the input shortcut past the schema', () => {
  for (const entity of [active, staged]) {
    for (const mode of ['create', 'update'] as const) {
      it(`gives exactly what the ${mode} schema parses, or leaves the input to it (${entity.state.kind})`, () => {
        const schema = mode === 'create' ? createSchemaOf(entity) : updateSchemaOf(entity);
        const fast = fastInputOf(entity, mode);
        let taken = 0;
        let left = 0;
        for (const input of inputs(entity, 4000)) {
          const shortcut = fast(input);
          const parsed = schema.safeParse(input);
          if (shortcut === undefined) {
            left += 1;
            continue;
          }
          taken += 1;
          expect(parsed.success, JSON.stringify(input)).toBe(true);
          expect(shortcut, JSON.stringify(input)).toStrictEqual(parsed.data);
        }
        // Both ways are exercised: plain rows take the shortcut, the rest are left to the schema.
        expect(taken).toBeGreaterThan(400);
        expect(left).toBeGreaterThan(400);
      });
    }
  }

  it('takes a plain row and leaves a row the schema would refuse or change beyond trimming', () => {
    const fast = fastInputOf(active, 'create');
    expect(fast({ code: 'A-1', name: ' Alpha ', campusId: ID, day: '2026-02-28', size: 3, isActive: true, nick: '' })).toStrictEqual({
      code: 'A-1',
      name: 'Alpha',
      campusId: ID,
      day: '2026-02-28',
      size: 3,
      isActive: true,
      nick: null,
    });
    expect(fast({ code: 'A-1', name: 'Alpha', campusId: ID, size: 7 })).toBeUndefined(); // a rule
    expect(fast({ code: 'A-1', name: 'Éclair', campusId: ID })).toBeUndefined(); // not ASCII: NFC may change it
    expect(fast({ code: 'A-1', campusId: ID })).toBeUndefined(); // a required field missing
    expect(fast({ code: 'A-1', name: 'Alpha', campusId: ID, total: 1 })).toBeUndefined(); // read-only
    expect(fastInputOf(active, 'update')({ pin: '1234' })).toBeUndefined(); // create-only
  });
});
