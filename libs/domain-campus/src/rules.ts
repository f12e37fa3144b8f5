import type { EntityRule } from '@campus/domain-core';

type Problem = { field: string; message: string };
type Value = Record<string, unknown>;

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** Seconds since midnight of an `hh:mm:ss` time, or NaN. */
export function clockSeconds(time: string): number {
  const m = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!m) return Number.NaN;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

type Comparable = 'number' | 'date' | 'datetime' | 'time';

function toNumber(kind: Comparable, v: unknown): number {
  if (kind === 'number') return typeof v === 'number' ? v : Number.NaN;
  if (typeof v !== 'string') return Number.NaN;
  if (kind === 'time') return clockSeconds(v);
  return Date.parse(kind === 'date' ? `${v}T00:00:00Z` : v);
}

/**
 * A rule that `to` comes after `from` (or on the same day, for date ranges where `allowSame` is set). It only
 * judges when both are present: missing values are the required-field check's business.
 */
export function orderRule(
  from: string,
  to: string,
  kind: Comparable,
  message: string,
  allowSame = false,
): EntityRule<Value> {
  return (v) => {
    if (!present(v[from]) || !present(v[to])) return undefined;
    const a = toNumber(kind, v[from]);
    const b = toNumber(kind, v[to]);
    if (Number.isNaN(a) || Number.isNaN(b)) return undefined;
    return (allowSame ? a <= b : a < b) ? undefined : [{ field: to, message }];
  };
}

/** The eight grading weights of a section, in the spec's order. */
export const SECTION_WEIGHT_FIELDS = [
  'participation',
  'exam',
  'project',
  'activity',
  'quiz',
  'recitation',
  'assignment',
  'attendance',
] as const;
export type SectionWeightField = (typeof SECTION_WEIGHT_FIELDS)[number];

/** Sum of the weights given (missing ones count as 0), rounded to hundredths to avoid float noise. */
export function weightTotal(v: Value): number {
  const sum = SECTION_WEIGHT_FIELDS.reduce(
    (t, f) => t + (typeof v[f] === 'number' ? (v[f] as number) : 0),
    0,
  );
  return Math.round(sum * 100) / 100;
}

/** A section's grading weights add up to 100. The problem is reported on the first weight. */
export const weightsSumTo100: EntityRule<Value> = (v) => {
  const total = weightTotal(v);
  return total === 100
    ? undefined
    : [
        {
          field: SECTION_WEIGHT_FIELDS[0],
          message: `The grading weights add up to ${total}; they must add up to 100.`,
        },
      ];
};

/** A section never has more available slots than slots. */
export const availableSlotsWithinSlots: EntityRule<Value> = (v) =>
  typeof v.slot === 'number' && typeof v.availableSlots === 'number' && v.availableSlots > v.slot
    ? [{ field: 'availableSlots', message: 'Available slots cannot exceed the slots.' }]
    : undefined;

/** A rule that a field is given whenever another field has a given value. */
export function requiredWhen(
  fieldName: string,
  when: string,
  equals: unknown,
  message: string,
): EntityRule<Value> {
  return (v) => (v[when] === equals && !present(v[fieldName]) ? [{ field: fieldName, message }] : undefined);
}

/** A date that is not after today (birth dates). */
export function notInFuture(
  fieldName: string,
  message: string,
  today: () => Date = () => new Date(),
): EntityRule<Value> {
  return (v) => {
    const value = v[fieldName];
    if (typeof value !== 'string' || !present(value)) return undefined;
    return value > today().toISOString().slice(0, 10) ? [{ field: fieldName, message }] : undefined;
  };
}

export type { Problem };
