import type { AnyEntity } from '@campus/domain-core';
import { csvCell } from '@campus/formatters';
import { cellText, columnLabel, type EntityRow } from '@campus/ui';

/** The columns of an entity's CSV export: every field a client may read, then the state. */
export function csvColumns(entity: AnyEntity): string[] {
  const fields = Object.entries(entity.fields)
    .filter(([, f]) => !f.writeOnly)
    .map(([name]) => name);
  return [...fields, entity.state.kind];
}

// Cells go through the product's one spreadsheet-cell writer, which neutralises formulas (OWASP CSV injection).
export { csvCell };

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
