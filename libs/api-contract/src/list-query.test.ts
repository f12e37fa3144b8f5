import { describe, expect, it } from 'vitest';
import { listQuerySchemaFor, parseSearch } from './list-query.js';
import { termEntity } from './term.fixture.js';

const schema = listQuerySchemaFor(termEntity);
const campus = '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e';

describe('list query', () => {
  it('applies the defaults: page 1, limit 20, the descriptor default sort', () => {
    expect(schema.parse({})).toEqual({ filters: [], page: 1, limit: 20, sort: { field: 'code', direction: 'asc' } });
  });

  it.each([
    ['code:CAS', [{ field: 'code', value: 'CAS' }]],
    ['_id:' + campus, [{ field: '_id', value: campus }]],
    ['kind:2,isDefault:true', [{ field: 'kind', value: 2 }, { field: 'isDefault', value: true }]],
    ['status:OPEN', [{ field: 'status', value: 'OPEN' }]],
    [`campusId:${campus}`, [{ field: 'campusId', value: campus }]],
    ['name:Term 1: Midyear', [{ field: 'name', value: 'Term 1: Midyear' }]],
    ["name:x' OR 1=1 --", [{ field: 'name', value: "x' OR 1=1 --" }]],
    ['weeks:18', [{ field: 'weeks', value: 18 }]],
  ])('reads search=%s', (search, filters) => {
    expect(schema.parse({ search }).filters).toEqual(filters);
  });

  it.each([
    ['password:x', 'Cannot search terms by password'],
    ['createdAt:2026-01-01', 'Cannot search terms by createdAt'],
    ['nocolon', 'Write search as field:value'],
    ['_id:42', '_id must be a record id'],
    ['kind:9', 'kind must be one of: 1, 2'],
    ['isDefault:yes', 'isDefault must be true or false'],
    ['status:GONE', 'status must be one of: UPCOMING, OPEN, CLOSED'],
    ['weeks:many', 'weeks must be a number'],
    ['startsOn:tomorrow', 'startsOn must be a date'],
  ])('rejects search=%s', (search, message) => {
    const result = schema.safeParse({ search });
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues[0]?.message).toContain(message);
  });

  it.each([
    ['name', { field: 'name', direction: 'asc' }],
    ['-weeks', { field: 'weeks', direction: 'desc' }],
    ['-createdAt', { field: 'createdAt', direction: 'desc' }],
    ['updatedAt', { field: 'updatedAt', direction: 'asc' }],
  ])('sorts by %s', (sort, expected) => {
    expect(schema.parse({ sort }).sort).toEqual(expected);
  });

  it.each([
    [{ sort: 'campusId' }, 'Cannot sort terms by campusId'],
    [{ sort: 'name;drop table terms' }, 'Cannot sort terms by'],
    [{ limit: '100000' }, 'limit is at most 100'],
    [{ limit: '0' }, 'limit is at least 1'],
    [{ page: '0' }, 'page starts at 1'],
    [{ page: 'two' }, 'page must be a number'],
    [{ q: 'x'.repeat(201) }, 'q is at most 200 characters'],
    [{ offset: '10' }, 'Unrecognized key'],
  ])('rejects %j', (query, message) => {
    const result = schema.safeParse(query);
    expect(result.success).toBe(false);
    if (!result.success) expect(result.error.issues.map((i) => i.message).join(' ')).toContain(message);
  });

  it('reads page and limit from query-string text', () => {
    expect(schema.parse({ page: '4000', limit: '100', q: ' santos ' })).toMatchObject({ page: 4000, limit: 100, q: 'santos' });
  });

  it('skips empty pairs and keeps the value after the first colon', () => {
    expect(parseSearch('code:A:B,,name:x')).toEqual([
      { field: 'code', value: 'A:B' },
      { field: 'name', value: 'x' },
    ]);
  });
});
