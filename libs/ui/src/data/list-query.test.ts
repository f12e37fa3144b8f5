import { describe, expect, it } from 'vitest';
import {
  ariaSortOf,
  carriedParams,
  filterFieldsOf,
  listHref,
  nextSort,
  readListState,
  toApiQuery,
} from './list-query.js';
import { sampleCollegeEntity as college, sampleTermEntity as term } from './sample-entities.js';

describe('readListState', () => {
  it.each([
    ['', { q: '', sort: 'name', page: 1, limit: 20, filters: {} }],
    ['q=eng&sort=-code&page=3&limit=50', { q: 'eng', sort: '-code', page: 3, limit: 50, filters: {} }],
    ['sort=password&page=-1&limit=100000', { q: '', sort: 'name', page: 1, limit: 20, filters: {} }],
    ['sort=createdAt&page=abc&limit=7', { q: '', sort: 'createdAt', page: 1, limit: 20, filters: {} }],
    [
      'kind=1&isActive=true&email=x',
      { q: '', sort: 'name', page: 1, limit: 20, filters: { kind: '1', isActive: 'true' } },
    ],
    ['campusId=a,b&kind=', { q: '', sort: 'name', page: 1, limit: 20, filters: {} }],
  ])('reads %j with defaults for anything unknown or malformed', (query, expected) => {
    expect(readListState(college, new URLSearchParams(query))).toEqual(expected);
  });

  it('offers the status of a lifecycle entity as a filter', () => {
    expect(filterFieldsOf(term)).toEqual(['status']);
    expect(readListState(term, new URLSearchParams('status=OPEN')).filters).toEqual({ status: 'OPEN' });
  });
});

describe('toApiQuery', () => {
  it.each([
    [
      { q: '', sort: 'name', page: 1, limit: 20, filters: {} },
      { sort: 'name', page: 1, limit: 20 },
    ],
    [
      { q: 'eng', sort: '-code', page: 2, limit: 50, filters: { campusId: 'c1', isActive: 'true' } },
      { q: 'eng', search: 'campusId:c1,isActive:true', sort: '-code', page: 2, limit: 50 },
    ],
  ])('turns the list state into the API query', (state, expected) => {
    expect(toApiQuery(state)).toEqual(expected);
  });
});

describe('links and forms of the list', () => {
  it.each([
    ['q=a&page=3', { sort: 'name' }, '?q=a&sort=name'],
    ['q=a&page=3', { page: '4' }, '?q=a&page=4'],
    ['q=a&sort=name', { q: null }, '?sort=name'],
    ['', { q: '' }, '?'],
  ])('from %s with %j links to %s', (current, changes, expected) => {
    expect(listHref(current, changes)).toBe(expected);
  });

  it.each([
    ['', 'name', 'name'],
    ['name', 'name', '-name'],
    ['-name', 'name', 'name'],
    ['code', 'name', 'name'],
  ])('after sort %j, activating %s sorts by %s', (current, field, expected) => {
    expect(nextSort(current, field)).toBe(expected);
  });

  it.each([
    ['name', 'name', 'ascending'],
    ['-name', 'name', 'descending'],
    ['code', 'name', 'none'],
  ] as const)('sort %s gives column %s aria-sort %s', (current, field, expected) => {
    expect(ariaSortOf(current, field)).toBe(expected);
  });

  it('carries the other parameters but never the page', () => {
    expect(carriedParams('q=a&page=2&limit=50&kind=1', ['q'])).toEqual([
      ['limit', '50'],
      ['kind', '1'],
    ]);
  });
});
