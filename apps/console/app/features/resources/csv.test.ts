import { describe, expect, it } from 'vitest';
import { entityRegistry } from '@campus/api-contract';
import { csvCell as sharedCsvCell } from '@campus/formatters';
import { csvCell, csvColumns, csvHeader, csvRow } from './csv';

// The cases of each cell are the formatters' (libs/formatters/src/spreadsheet.test.ts): the export writes cells with
// that one writer.
describe('csvCell', () => {
  it('is the product’s one spreadsheet-cell writer', () => {
    expect(csvCell).toBe(sharedCsvCell);
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
