import { describe, expect, it } from 'vitest';
import { entityRegistry } from '@campus/api-contract';
import { csvCell, csvColumns, csvHeader, csvRow } from './csv';

describe('csvCell', () => {
  it.each([
    ['Main Campus', 'Main Campus'],
    ['Santos, Maria', '"Santos, Maria"'],
    ['He said "hi"', '"He said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ['x;=cmd|\' /C calc\'!A0', `"x;'=cmd|' /C calc'!A0"`],
    ['Room 1, =1+1', `"Room 1, '=1+1"`],
    ['a;b', '"a;b"'],
    ['\tTAB', `"'\tTAB"`],
    ['\rCR', `"'\rCR"`],
    ['1,-5', '"1,-5"'],
    ['-12.5', '-12.5'],
    ['+63 917 555 0142', `"'+63 917 555 0142"`],
    ['', ''],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('the CSV of an entity', () => {
  const users = entityRegistry.byResource('users')!;
  const rooms = entityRegistry.byResource('rooms')!;

  it('never exports a write-only field such as a password', () => {
    expect(csvColumns(users)).not.toContain('temporaryPassword');
    expect(csvColumns(users).at(-1)).toBe('isActive');
  });

  it('labels its columns and shows references and states by label', () => {
    expect(csvHeader(rooms).startsWith('Code,Name,')).toBe(true);
    const row = csvRow(rooms, {
      _id: 'r1',
      code: 'CICS-201',
      name: 'Computer Laboratory',
      campusId: 'c1',
      isActive: true,
      _labels: { campusId: 'Main Campus' },
    });
    expect(row.endsWith('\r\n')).toBe(true);
    expect(row).toContain('Main Campus');
    expect(row.trim().split(',').at(-1)).toBe('Active');
  });
});
