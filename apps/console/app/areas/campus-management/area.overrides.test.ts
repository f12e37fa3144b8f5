import { entityRegistry, type EntityRecord } from '@campus/api-contract';
import { describe, expect, it } from 'vitest';
import { listedPart } from '../../features/resources/resource.server';
import { resources } from './area.overrides';

describe('the DTR list colours', () => {
  const entity = entityRegistry.byResource('daily-time-records')!;
  // What the list page carries to the browser is all the row colour sees.
  const accentOf = (record: Record<string, unknown>) => resources['daily-time-records']!.rowAccent!(listedPart(entity, { _id: 'r1', isActive: true, ...record } as unknown as EntityRecord))!;

  it.each([
    [{ statuses: [4], totalDuration: 0, lwopDuration: 28_800 }, 'Leave without pay'],
    [{ statuses: [9], lwopDuration: 0 }, 'On leave'],
    [{ statuses: [1, 5, 6], tardinessDuration: 600 }, 'Late'],
    [{ statuses: [5, 6], totalDuration: 28_800, lwopDuration: 0 }, 'Normal'],
  ])('%j shows as %s', (record, label) => {
    expect(accentOf(record).label).toBe(label);
  });
});
