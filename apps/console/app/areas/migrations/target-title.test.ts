import { describe, expect, it } from 'vitest';
import { targetTitle } from './Migration';

const targets = [
  { name: 'AcademicDepartments', label: 'Departments' },
  { name: 'Departments', label: 'Departments' },
  { name: 'Students', label: 'Students' },
];

describe('a template as people name it', () => {
  it('spells a template name as words in sentence case', () => {
    expect(targetTitle(targets, 'AcademicDepartments')).toBe('Academic departments');
    expect(targetTitle(targets, 'Students')).toBe('Students');
    expect(targetTitle([], 'DailyTimeRecords')).toBe('Daily time records');
  });

  it('keeps two targets with the same label apart', () => {
    expect(targetTitle(targets, 'AcademicDepartments')).not.toBe(targetTitle(targets, 'Departments'));
  });
});
