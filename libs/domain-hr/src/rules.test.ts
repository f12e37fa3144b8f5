import { describe, expect, it } from 'vitest';
import { datesInOrder, notMoreThan, requiresField, timesInOrder, todayInManila } from './rules.js';

describe('todayInManila', () => {
  it.each([
    ['2026-11-21T15:59:59Z', '2026-11-21'],
    ['2026-11-21T16:00:00Z', '2026-11-22'],
    ['2026-12-31T23:00:00Z', '2027-01-01'],
  ])('gives the Manila date of %s as %s', (instant, expected) => {
    expect(todayInManila(new Date(instant))).toBe(expected);
  });
});

describe('shared rules', () => {
  it.each([
    [datesInOrder('a', 'b', 'm'), { a: '2026-01-02', b: '2026-01-01' }, [{ field: 'b', message: 'm' }]],
    [datesInOrder('a', 'b', 'm'), { a: '2026-01-01', b: '2026-01-01' }, undefined],
    [datesInOrder('a', 'b', 'm'), { a: '2026-01-02', b: null }, undefined],
    [timesInOrder('a', 'b', 'm'), { a: '08:00:00', b: '08:00:00' }, [{ field: 'b', message: 'm' }]],
    [timesInOrder('a', 'b', 'm'), { a: '08:00:00', b: '08:00:01' }, undefined],
    [timesInOrder('a', 'b', 'm'), { a: 'bad', b: '07:00:00' }, undefined],
    [requiresField('b', 'a', 'm'), { b: 'x' }, [{ field: 'a', message: 'm' }]],
    [requiresField('b', 'a', 'm'), { a: 'x', b: 'x' }, undefined],
    [notMoreThan('a', 'b', 'm'), { a: 3, b: 2 }, [{ field: 'a', message: 'm' }]],
    [notMoreThan('a', 'b', 'm'), { a: 3, b: null }, undefined],
  ])('rule %# on %j gives %j', (rule, value, expected) => {
    expect(rule(value)).toEqual(expected);
  });
});
