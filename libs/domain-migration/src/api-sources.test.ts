import { describe, expect, it } from 'vitest';
import { ApiSourceInputSchema, compareCursor, flattenRow, hostAllowed, valueAt } from './api-sources.js';

describe('an API source as filled in', () => {
  it('takes an address and defaults the rest', () => {
    expect(ApiSourceInputSchema.parse({ name: ' SIS ', baseUrl: ' https://sis.example.edu/api/students?active=1 ' })).toEqual({
      name: 'SIS',
      baseUrl: 'https://sis.example.edu/api/students?active=1',
      authKind: 'none',
      authHeader: '',
      secret: '',
      pagination: 'none',
      pageParam: '',
      sizeParam: '',
      pageSize: 100,
      nextPath: '',
      rowsPath: '',
      cursorField: '',
      sinceParam: '',
    });
  });

  it('needs what its authentication and paging use, and refuses credentials in the address', () => {
    const messages = (input: Record<string, unknown>) => {
      const parsed = ApiSourceInputSchema.safeParse({ name: 'SIS', baseUrl: 'https://sis.example.edu/', ...input });
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(messages({ authKind: 'header' })).toEqual({ authHeader: 'Please fillup required fields.' });
    expect(messages({ authKind: 'header', authHeader: 'Cookie' })).toEqual({ authHeader: 'Enter a header name such as X-Api-Key.' });
    expect(messages({ pagination: 'cursor', pageParam: 'cursor' })).toEqual({ nextPath: 'Please fillup required fields.' });
    expect(messages({ pagination: 'offset' })).toEqual({ pageParam: 'Please fillup required fields.' });
    expect(messages({ sinceParam: 'since' })).toEqual({ cursorField: 'Enter the field the since parameter compares.' });
    expect(messages({ rowsPath: 'data..items' })).toEqual({ rowsPath: 'Enter a path into the answer such as data, or leave it empty for a list.' });
    expect(messages({ baseUrl: 'https://me:pw@sis.example.edu/' })).toEqual({ baseUrl: 'Put the credentials in the authentication fields, not in the address.' });
    expect(messages({ baseUrl: 'file:///etc/passwd' })).toEqual({ baseUrl: 'Enter an http:// or https:// address.' });
    expect(messages({ pageSize: '0' })).toEqual({ pageSize: 'Enter a number from 1 to 1000.' });
  });
});

describe('reading JSON rows', () => {
  it('finds the rows at a dotted path, own keys only', () => {
    const answer = { result: { items: [{ a: 1 }] }, meta: { next: 'c2' } };
    expect(valueAt(answer, 'result.items')).toEqual([{ a: 1 }]);
    expect(valueAt(answer, 'meta.next')).toBe('c2');
    expect(valueAt(answer, '')).toBe(answer);
    expect(valueAt(answer, 'meta.nothing.deeper')).toBeUndefined();
    expect(valueAt(answer, 'constructor')).toBeUndefined();
  });

  it('flattens a row: nested objects as dotted headers, lists as JSON, null as empty', () => {
    expect(flattenRow({ id: 7, name: 'Ana', active: true, campus: { code: 'MAIN', geo: { lat: 14.6 } }, tags: ['a', 'b'], note: null, extra: {} })).toEqual({
      id: '7',
      name: 'Ana',
      active: 'true',
      'campus.code': 'MAIN',
      'campus.geo.lat': '14.6',
      tags: '["a","b"]',
      note: '',
      extra: '',
    });
  });

  it('keeps a field named __proto__ as a field', () => {
    const cells = flattenRow(JSON.parse('{"__proto__": "x", "a": {"__proto__": 1}}') as Record<string, unknown>);
    expect(Object.keys(cells)).toEqual(['__proto__', 'a.__proto__']);
    expect(Object.getPrototypeOf(cells)).toBe(Object.prototype);
    expect(JSON.stringify(cells)).toBe('{"__proto__":"x","a.__proto__":"1"}');
  });

  it('orders cursor values as numbers when both are numbers, else as text', () => {
    expect(compareCursor('9', '10')).toBeLessThan(0);
    expect(compareCursor('2026-03-01T00:00:09Z', '2026-03-01T00:00:10Z')).toBeLessThan(0);
    expect(compareCursor('b', 'a')).toBeGreaterThan(0);
    expect(compareCursor('5', '5')).toBe(0);
  });
});

describe('the allow-list of hosts', () => {
  it('names a host exactly, or its sub-domains with *.', () => {
    expect(hostAllowed('sis.example.edu', ['sis.example.edu'])).toBe(true);
    expect(hostAllowed('SIS.example.edu.', ['sis.example.edu'])).toBe(true);
    expect(hostAllowed('a.sis.example.edu', ['*.example.edu'])).toBe(true);
    expect(hostAllowed('example.edu', ['*.example.edu'])).toBe(false);
    expect(hostAllowed('badexample.edu', ['*.example.edu'])).toBe(false);
    expect(hostAllowed('[::1]', ['::1'])).toBe(true);
    expect(hostAllowed('10.0.0.5', [])).toBe(false);
  });
});
