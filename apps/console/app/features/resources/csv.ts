import type { AnyEntity } from '@campus/domain-core';
import { cellText, columnLabel, type EntityRow } from '@campus/ui';

/** The columns of an entity's CSV export: every field a client may read, then the state. */
export function csvColumns(entity: AnyEntity): string[] {
  const fields = Object.entries(entity.fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name]) => name);
  return [...fields, entity.state.kind];
}

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. Text that a spreadsheet would run
 * as a formula (`=`, `+`, `-`, `@` and control characters at the start) is prefixed with `'`; numbers stay numbers.
 */
export function csvCell(value: string): string {
  let text = value;
  if (/^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
