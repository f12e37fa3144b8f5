import { labelOf } from '@campus/domain-core';
import { describe, expect, it } from 'vitest';
import {
  appointmentStatusOptions,
  dailyRecordStatusOptions,
  designationCategoryOptions,
  deviceTypeOptions,
  employeeTypeOptions,
  hrCodedValues,
  workArrangementOptions,
} from './index.js';

const pairs = (options: readonly { value: string | number; label: string }[]) =>
  options.map((o) => [o.value, o.label]);

describe('coded values of spec §3', () => {
  it.each([
    [
      'designation category',
      designationCategoryOptions,
      [
        [1, 'Regular faculty'],
        [2, 'Non-teaching personnel'],
        [3, 'College lecturer'],
        [4, 'Support staff'],
      ],
    ],
    [
      'daily-record status',
      dailyRecordStatusOptions,
      [
        [1, 'Tardiness'],
        [2, 'Gap'],
        [3, 'Undertime'],
        [4, 'Absent'],
        [5, 'Hours worked'],
        [6, 'Present'],
        [7, 'No official time'],
        [8, 'OB'],
        [9, 'On leave'],
      ],
    ],
    [
      'device type',
      deviceTypeOptions,
      [
        [1, 'App'],
        [2, 'Biometric'],
        [3, 'Face recognition'],
      ],
    ],
    [
      'work arrangement',
      workArrangementOptions,
      [
        [1, 'On-premises'],
        [2, 'Work from home'],
      ],
    ],
    [
      'appointment status',
      appointmentStatusOptions,
      [
        [1, 'Permanent'],
        [2, 'Temporary'],
        [3, 'Casual'],
        [4, 'Full-time'],
        [5, 'Part-time'],
        [6, 'Job order'],
        [7, 'Substitute'],
        [8, 'Probationary'],
        [9, 'Contractual'],
        [10, 'Contract of service'],
      ],
    ],
    [
      'employee type',
      employeeTypeOptions,
      [
        ['PLANTILLA', 'Plantilla'],
        ['NON-PLANTILLA', 'Non-plantilla'],
      ],
    ],
  ])('lists the %s codes with their labels', (_name, options, expected) => {
    expect(pairs(options)).toEqual(expected);
  });

  it.each([
    [appointmentStatusOptions, 10, 'Contract of service'],
    [dailyRecordStatusOptions, 8, 'OB'],
    [designationCategoryOptions, 3, 'College lecturer'],
  ] as const)('shows the label of a code', (options, code, label) => {
    expect(labelOf(options as readonly { value: number; label: string }[], code)).toBe(label);
  });

  it('gives every list in the catalogue unique codes and labels', () => {
    for (const { options } of hrCodedValues) {
      const values = options.map((o) => o.value);
      expect(new Set(values).size).toBe(values.length);
      expect(new Set(options.map((o) => o.label)).size).toBe(values.length);
    }
  });
});
