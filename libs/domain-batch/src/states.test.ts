import { describe, expect, it } from 'vitest';
import { BulkStateChangeParamsSchema, describeParams, progressPercent, ScheduleInputSchema } from './index.js';

describe('progressPercent', () => {
  it.each([
    [0, 0, 10, 0],
    [5, 0, 10, 50],
    [4, 1, 10, 50],
    [10, 0, 10, 100],
    [0, 0, 0, 100],
    [1, 0, 3, 33],
  ])('done %i, failed %i of %i is %i %%', (done, failed, total, percent) => {
    expect(progressPercent(done, failed, total)).toBe(percent);
  });
});

describe('parameters', () => {
  it('accepts isActive or status, not both and not neither', () => {
    expect(BulkStateChangeParamsSchema.safeParse({ resource: 'campuses', set: { isActive: false } }).success).toBe(true);
    expect(BulkStateChangeParamsSchema.safeParse({ resource: 'sections', set: { status: 'CLOSED' } }).success).toBe(true);
    expect(BulkStateChangeParamsSchema.safeParse({ resource: 'campuses', set: {} }).success).toBe(false);
    expect(BulkStateChangeParamsSchema.safeParse({ resource: 'Campuses!', set: { isActive: true } }).success).toBe(false);
  });
  it('describes a bulk change with its search', () => {
    expect(describeParams('bulk-state-change', { resource: 'rooms', search: 'floor:2', set: { isActive: false } })).toBe(
      'Set isActive = false on rooms (search floor:2)',
    );
  });
  it('refuses an unknown time zone and a cron of the wrong shape', () => {
    const base = { name: 'Nightly', type: 'housekeeping', cron: '0 3 * * *' };
    expect(ScheduleInputSchema.parse(base).timeZone).toBe('Asia/Manila');
    expect(ScheduleInputSchema.safeParse({ ...base, timeZone: 'Mars/Olympus' }).success).toBe(false);
    expect(ScheduleInputSchema.safeParse({ ...base, cron: 'every day' }).success).toBe(false);
  });
});
