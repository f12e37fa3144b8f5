/** One CSV cell, written by the product's one spreadsheet-cell writer (quoted when needed, formulas neutralised). */
export { csvCell } from '@campus/formatters';
