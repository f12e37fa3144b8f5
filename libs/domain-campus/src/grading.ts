/** One row of a grading system: a range of percentage grades and its equivalent (spec: Grading System). */
export interface GradeRange {
  readonly minGrade: number;
  readonly maxGrade: number;
  /** The equivalent as printed on a transcript, e.g. `1.00` or `5.00`. */
  readonly equivalent: string;
  readonly description: string;
  readonly isPassing: boolean;
}

/** The common Philippine state-university scale: 75 passes, below it fails. */
export const DEFAULT_GRADE_RANGES: readonly GradeRange[] = [
  { minGrade: 97, maxGrade: 100, equivalent: '1.00', description: 'Excellent', isPassing: true },
  { minGrade: 94, maxGrade: 96, equivalent: '1.25', description: 'Excellent', isPassing: true },
  { minGrade: 91, maxGrade: 93, equivalent: '1.50', description: 'Very good', isPassing: true },
  { minGrade: 88, maxGrade: 90, equivalent: '1.75', description: 'Very good', isPassing: true },
  { minGrade: 85, maxGrade: 87, equivalent: '2.00', description: 'Good', isPassing: true },
  { minGrade: 82, maxGrade: 84, equivalent: '2.25', description: 'Good', isPassing: true },
  { minGrade: 79, maxGrade: 81, equivalent: '2.50', description: 'Satisfactory', isPassing: true },
  { minGrade: 76, maxGrade: 78, equivalent: '2.75', description: 'Satisfactory', isPassing: true },
  { minGrade: 75, maxGrade: 75, equivalent: '3.00', description: 'Passing', isPassing: true },
  { minGrade: 0, maxGrade: 74, equivalent: '5.00', description: 'Failed', isPassing: false },
];

/**
 * The range a grade falls in. Ranges are inclusive; a grade in a gap between two ranges (96.5 between 94–96 and
 * 97–100) takes the lower range, since a grade is never rounded up. Outside every range: undefined.
 */
export function rangeFor(grade: number, ranges: readonly GradeRange[]): GradeRange | undefined {
  if (!Number.isFinite(grade) || ranges.length === 0) return undefined;
  const top = Math.max(...ranges.map((r) => r.maxGrade));
  if (grade > top) return undefined;
  let best: GradeRange | undefined;
  for (const r of ranges) if (r.minGrade <= grade && (!best || r.minGrade > best.minGrade)) best = r;
  return best;
}

/** The equivalent of a percentage grade (`equivalentFor(95, DEFAULT_GRADE_RANGES)` → `1.25`). */
export function equivalentFor(grade: number, ranges: readonly GradeRange[]): string | undefined {
  return rangeFor(grade, ranges)?.equivalent;
}

/** Problems with a set of ranges as a whole: a range upside down, or two ranges that overlap. */
export function gradeRangeProblems(ranges: readonly GradeRange[]): string[] {
  const problems: string[] = [];
  for (const r of ranges) {
    if (r.minGrade > r.maxGrade) problems.push(`The range ${r.minGrade}–${r.maxGrade} is upside down.`);
  }
  const sorted = [...ranges].sort((a, b) => a.minGrade - b.minGrade);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1] as GradeRange;
    const cur = sorted[i] as GradeRange;
    if (cur.minGrade <= prev.maxGrade) {
      problems.push(
        `The ranges ${prev.minGrade}–${prev.maxGrade} (${prev.equivalent}) and ${cur.minGrade}–${cur.maxGrade} (${cur.equivalent}) overlap.`,
      );
    }
  }
  return problems;
}
