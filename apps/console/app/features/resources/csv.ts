import type { AnyEntity } from '@campus/domain-core';
import { cellText, columnLabel, type EntityRow } from '@campus/ui';

/** The columns of an entity's CSV export: every field a client may read, then the state. */
export function csvColumns(entity: AnyEntity): string[] {
  const fields = Object.entries(entity.fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name]) => name);
  return [...fields, entity.state.kind];
}

/** What a spreadsheet may run as a formula when a cell, or a part of it, starts with it (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\n]/;
const PLAIN_NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** `'` before a part that would start a formula (after any spaces); plain numbers (`-12.5`) stay numbers. */
function neutralise(part: string): string {
  const [, spaces = '', rest = ''] = /^( *)([\s\S]*)$/.exec(part) ?? [];
  return FORMULA_START.test(rest) && !PLAIN_NUMBER.test(rest) ? `${spaces}'${rest}` : part;
}

/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet, as OWASP's CSV-injection guidance asks: the cell and
 * every part of it after a `,` or `;` (spreadsheets split on either, by locale) that starts with `=`, `+`, `-`,
 * `@`, a tab or a line break gets a `'` in front, and a cell holding a separator, a quote, a line break or a
 * neutralised part is quoted, with its quotes doubled.
 */
export function csvCell(value: string): string {
  const text = value
    .split(/([,;])/)
    .map((part, i) => (i % 2 === 1 ? part : neutralise(part)))
    .join('');
  return text !== value || /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvHeader(entity: AnyEntity): string {
  return (
    csvColumns(entity)
      .map((c) => csvCell(columnLabel(entity, c)))
      .join(',') + '\r\n'
  );
}

export function csvRow(entity: AnyEntity, row: EntityRow): string {
  return (
    csvColumns(entity)
      .map((c) => csvCell(cellText(entity, c, row)))
      .join(',') + '\r\n'
  );
}
