import { describe, expect, it } from 'vitest';
import { crudContract, crudOperationNames, singularOf } from './crud.js';
import { termEntity } from './term.fixture.js';

describe('CRUD contract', () => {
  it.each([
    ['campuses', 'campus'],
    ['academic-years', 'academic-year'],
    ['courses', 'course'],
    ['classes', 'class'],
    ['daily-time-records', 'daily-time-record'],
    ['services', 'service'],
    ['statuses', 'status'],
  ])('singular of %s is %s', (plural, singular) => {
    expect(singularOf(plural)).toBe(singular);
  });

  it('names operations verb + noun', () => {
    expect(crudOperationNames({ resource: 'academic-years' })).toEqual({
      list: 'listAcademicYears',
      get: 'getAcademicYear',
      create: 'createAcademicYear',
      update: 'updateAcademicYear',
    });
  });

  it('builds list, get, create and update routes under /core/v1.0 from the descriptor', () => {
    const contract = crudContract(termEntity);
    expect(Object.entries(contract).map(([name, route]) => [name, route.method, route.path])).toEqual([
      ['listTerms', 'GET', '/core/v1.0/terms'],
      ['getTerm', 'GET', '/core/v1.0/terms/:id'],
      ['createTerm', 'POST', '/core/v1.0/terms'],
      ['updateTerm', 'PUT', '/core/v1.0/terms/:id'],
    ]);
  });

  it('accepts the state change { status, modifiedById } as an update', () => {
    const update = crudContract(termEntity).updateTerm!;
    const body = update.method === 'PUT' ? (update.body as { safeParse: (v: unknown) => { success: boolean } }) : null;
    expect(body?.safeParse({ status: 'OPEN', modifiedById: '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e' }).success).toBe(true);
    expect(body?.safeParse({ status: 'OPEN', unknown: 1 }).success).toBe(false);
  });
});
