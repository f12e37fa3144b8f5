import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_GRADE_RANGES,
  equivalentFor,
  gradeRangeProblems,
  rangeFor,
  type GradeRange,
} from './index.js';

describe('grade equivalents', () => {
  it.each([
    [100, '1.00'],
    [97, '1.00'],
    [96, '1.25'],
    [96.5, '1.25'],
    [94, '1.25'],
    [90, '1.75'],
    [85, '2.00'],
    [78, '2.75'],
    [75, '3.00'],
    [75.9, '3.00'],
    [74.99, '5.00'],
    [0, '5.00'],
    [100.5, undefined],
    [-1, undefined],
    [Number.NaN, undefined],
  ])('reads %d as %s', (grade, equivalent) => {
    expect(equivalentFor(grade, DEFAULT_GRADE_RANGES)).toBe(equivalent);
  });

  it('passes a grade of 75 and fails a grade of 74', () => {
    expect(rangeFor(75, DEFAULT_GRADE_RANGES)?.isPassing).toBe(true);
    expect(rangeFor(74, DEFAULT_GRADE_RANGES)?.isPassing).toBe(false);
  });

  it('finds nothing without ranges', () => {
    expect(equivalentFor(90, [])).toBeUndefined();
  });

  it('never gives a better equivalent to a lower grade', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(Number(equivalentFor(low, DEFAULT_GRADE_RANGES))).toBeGreaterThanOrEqual(
            Number(equivalentFor(high, DEFAULT_GRADE_RANGES)),
          );
        },
      ),
    );
  });
});

describe('grade range checks', () => {
  const r = (minGrade: number, maxGrade: number, equivalent: string): GradeRange => ({
    minGrade,
    maxGrade,
    equivalent,
    description: '',
    isPassing: true,
  });

  it('finds nothing wrong with the default scale', () => {
    expect(gradeRangeProblems(DEFAULT_GRADE_RANGES)).toEqual([]);
  });

  it.each([
    [[r(90, 100, '1.00'), r(80, 90, '2.00')], ['The ranges 80–90 (2.00) and 90–100 (1.00) overlap.']],
    [[r(100, 90, '1.00')], ['The range 100–90 is upside down.']],
    [[r(90, 100, '1.00'), r(80, 89, '2.00')], []],
  ])('checks %j', (ranges, problems) => {
    expect(gradeRangeProblems(ranges)).toEqual(problems);
  });
});
