import { describe, expect, it } from 'vitest';
import { canTransition, initialState, isAllowedStateChange, nextStatuses } from '@campus/domain-core';
import {
  academicYearEntity,
  sectionEntity,
  sectionLifecycle,
  semesterEntity,
  termLifecycle,
} from './index.js';

/** Every ordered pair of statuses with whether the move is allowed; staying put is always allowed. */
function table<S extends string>(values: readonly S[], allowed: readonly `${S}>${S}`[]) {
  return values.flatMap((from) =>
    values.map((to) => [from, to, from === to || allowed.includes(`${from}>${to}` as `${S}>${S}`)] as const),
  );
}

describe('term lifecycle (academic years and semesters)', () => {
  const values = termLifecycle.values.map((v) => v.value);

  it('starts new terms as Upcoming', () => {
    expect(values).toEqual(['UPCOMING', 'OPEN', 'CLOSED', 'ARCHIVED']);
    expect(initialState(academicYearEntity)).toBe('UPCOMING');
    expect(initialState(semesterEntity)).toBe('UPCOMING');
  });

  it.each(table(values, ['UPCOMING>OPEN', 'OPEN>CLOSED', 'CLOSED>OPEN', 'CLOSED>ARCHIVED']))(
    'moves a term from %s to %s: %s',
    (from, to, allowed) => {
      expect(canTransition(termLifecycle, from, to)).toBe(allowed);
      expect(isAllowedStateChange(academicYearEntity, from, to)).toBe(allowed);
      expect(isAllowedStateChange(semesterEntity, from, to)).toBe(allowed);
    },
  );

  it('keeps an archived term archived', () => {
    expect(nextStatuses(termLifecycle, 'ARCHIVED')).toEqual([]);
  });
});

describe('section lifecycle', () => {
  const values = sectionLifecycle.values.map((v) => v.value);

  it('starts new sections as Draft', () => {
    expect(values).toEqual(['DRAFT', 'OPEN', 'CLOSED', 'COMPLETED', 'DISSOLVED']);
    expect(initialState(sectionEntity)).toBe('DRAFT');
  });

  it.each(
    table(values, [
      'DRAFT>OPEN',
      'DRAFT>DISSOLVED',
      'OPEN>CLOSED',
      'OPEN>DISSOLVED',
      'CLOSED>OPEN',
      'CLOSED>COMPLETED',
    ]),
  )('moves a section from %s to %s: %s', (from, to, allowed) => {
    expect(isAllowedStateChange(sectionEntity, from, to)).toBe(allowed);
  });

  it('refuses a status that is not in the lifecycle', () => {
    expect(isAllowedStateChange(sectionEntity, 'DRAFT', 'ARCHIVED')).toBe(false);
  });
});
