/**
 * The one writer of spreadsheet cells: every CSV or XLSX file the product produces (list exports, error files,
 * report, audit and delivery exports) writes its cells through these functions, so a value someone typed, such as
 * `=HYPERLINK(…)` or `+cmd|' /C calc'!A0`, opens in a spreadsheet as text and never runs as a formula (OWASP's
 * CSV-injection guidance).
 */

/** What a spreadsheet may run as a formula when a cell, or a part of it, starts with it. */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** A value as cell text: nothing for null, ISO for a date, `a; b` for a list, JSON for an object. */
export function spreadsheetText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString();
  if (Array.isArray(value)) return value.map(spreadsheetText).join('; ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * `'` before text that would start a formula (`=`, `+`, `-`, `@`, a tab or a line break, after any spaces);
 * a plain number such as `-12.5` stays a number.
 */
export function neutraliseFormula(text: string): string {
  const [, spaces = '', rest = ''] = /^( *)([\s\S]*)$/.exec(text) ?? [];
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest) ? `${spaces}'${rest}` : text;
}

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet: the cell and every part of it after a `,` or `;`
 * (spreadsheets split on either, by locale) that would start a formula gets a `'` in front, and a cell holding a
 * separator, a quote, a line break or a neutralised part is quoted, with its quotes doubled. A cell that starts
 * with `#` (a comment to some readers) or with or before white space is quoted too, so it reads back as written.
 */
export function csvCell(value: unknown): string {
  const raw = spreadsheetText(value);
  const text = raw
    .split(/([,;])/)
    .map((part, i) => (i % 2 === 1 ? part : neutraliseFormula(part)))
    .join('');
  return text !== raw || /[",;\r\n]/.test(text) || /^[\s#]|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line of cells, without its line end. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvCell).join(',');
}

/** CSV text of rows (the header row first), CRLF after every line. */
export function csvText(lines: readonly (readonly unknown[])[]): string {
  return lines.map((line) => `${csvLine(line)}\r\n`).join('');
}

/**
 * One XLSX cell value: numbers, booleans and dates stay what they are (a sheet sums and sorts them); text is
 * neutralised like a CSV cell's start, so it stays text when the sheet is edited or saved again as CSV.
 */
export function sheetCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return neutraliseFormula(spreadsheetText(value));
}

/** A row of XLSX cell values. */
export function sheetRow(values: readonly unknown[]): (string | number | boolean | Date | null)[] {
  return values.map(sheetCell);
}
