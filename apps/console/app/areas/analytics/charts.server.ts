import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import { csvText, neutraliseFormula, sheetCell } from '@campus/formatters';

/** A cell of a chart's table: what the chart shows, row by row (and what its export holds). */
export type Cell = string | number | null;

export interface ChartColumn {
  readonly key: string;
  readonly label: string;
  /** Shown as a percentage (0–1 stored). */
  readonly percent?: boolean;
}

/** A chart of a report page: its data as a table, and how it is drawn. */
export interface ChartSpec {
  /** Unique on its page; names the export (`?chart=`). */
  readonly id: string;
  readonly title: string;
  /** One or two sentences for screen readers and print: what the chart shows, with its figures. */
  readonly summary: string;
  readonly columns: readonly ChartColumn[];
  readonly rows: readonly Record<string, Cell>[];
  /**
   * `days`: one line per series over the days (dots link to the list); `bars`: one horizontal bar per row;
   * `list`: rows with nothing to plot (names and dates), shown as the table alone.
   * `x` is the day or category column; `series` the value columns drawn.
   */
  readonly kind: 'days' | 'bars' | 'list';
  readonly x: string;
  readonly series: readonly string[];
  /** Where a point or bar leads: the underlying list with the same filters applied. */
  readonly href?: (row: Record<string, Cell>, series: string) => string;
  /** Values are shares (0–1). */
  readonly percent?: boolean;
}

/** A chart ready for the page: its SVG (drawn on the server) beside its table. */
export interface RenderedChart extends Omit<ChartSpec, 'href'> {
  readonly svg: string;
  /** The drill-down address of each row (for the table view). */
  readonly links: readonly (string | null)[];
}

const COLORS = ['#1f5fa8', '#b3541e', '#2e7d32', '#6a1b9a'];

/**
 * Draws a chart as SVG with Observable Plot on a server-side DOM (decision 0024): no JavaScript is needed to read
 * it, each point or bar is a link with its own label, and the figures stay in the page as a table.
 */
export function renderChart(spec: ChartSpec): RenderedChart {
  if (spec.kind === 'list') {
    const { href: drill, ...rest } = spec;
    return { ...rest, svg: '', links: spec.rows.map((row) => (drill ? drill(row, spec.series[0] ?? '') : null)) };
  }
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const labelOf = (key: string) => spec.columns.find((c) => c.key === key)?.label ?? key;
  const format = (v: Cell) => (v === null ? '—' : spec.percent && typeof v === 'number' ? `${Math.round(v * 1000) / 10}%` : String(v));
  const long = spec.series.flatMap((s) =>
    spec.rows.map((row) => ({ x: String(row[spec.x] ?? ''), y: typeof row[s] === 'number' ? (row[s] as number) : 0, series: labelOf(s), row, key: s })),
  );
  type Point = (typeof long)[number];
  // A day is named as one ("Day 2026-11-02"); a bar by its row's name alone, which often holds its column's own
  // word already ("Office of the Registrar"), and the chart's title says what the bars are.
  const title = (d: Point) => `${spec.kind === 'days' ? `${labelOf(spec.x)} ` : ''}${d.x}: ${d.series} ${format(d.row[d.key] ?? null)}`;
  const href = spec.href ? (d: Point) => spec.href!(d.row, d.key) : undefined;
  const color = { domain: spec.series.map(labelOf), range: COLORS.slice(0, spec.series.length), legend: spec.series.length > 1 };
  const figure =
    spec.kind === 'days'
      ? Plot.plot({
          document,
          width: 720,
          height: 260,
          marginLeft: 44,
          x: { type: 'utc', label: null },
          y: { grid: true, label: spec.percent ? '%' : null, percent: spec.percent, nice: true },
          color,
          marks: [
            Plot.ruleY([0]),
            Plot.lineY(long, { x: (d: Point) => new Date(`${d.x}T00:00:00Z`), y: 'y', stroke: 'series' }),
            Plot.dot(long, { x: (d: Point) => new Date(`${d.x}T00:00:00Z`), y: 'y', fill: 'series', r: 4, title, ...(href ? { href } : {}) }),
          ],
        })
      : Plot.plot({
          document,
          width: 720,
          height: Math.max(80, 34 * spec.rows.length + 40),
          marginLeft: 180,
          x: { grid: true, label: spec.percent ? '%' : null, percent: spec.percent, nice: true },
          // Long names (a question asked of the bot) are cut on the axis; the bar's label and the table keep them whole.
          y: { label: null, domain: spec.rows.map((r) => String(r[spec.x] ?? '')), tickFormat: (v: string) => (v.length > 28 ? `${v.slice(0, 27)}…` : v) },
          color,
          marks: [
            Plot.ruleX([0]),
            Plot.barX(long, { y: 'x', x: 'y', fill: 'series', title, ...(href ? { href } : {}) }),
          ],
        });
  const svg = figure.tagName.toLowerCase() === 'svg' ? figure : Array.from(figure.children).find((e) => e.tagName.toLowerCase() === 'svg');
  // Plot names its groups (`aria-label` on `<g>`), which ARIA does not allow on an element without a role; the
  // picture is described by the figure's caption and summary, and every link names what it leads to.
  for (const named of Array.from(figure.querySelectorAll('[aria-label]'))) {
    if (named.tagName.toLowerCase() !== 'a') named.removeAttribute('aria-label');
  }
  for (const link of Array.from(figure.querySelectorAll('a'))) {
    const text = link.querySelector('title')?.textContent;
    if (text) link.setAttribute('aria-label', text);
  }
  svg?.setAttribute('aria-label', spec.title);
  svg?.removeAttribute('aria-description');
  const { href: drill, ...rest } = spec;
  return { ...rest, svg: figure.outerHTML, links: spec.rows.map((row) => (drill ? drill(row, spec.series[0]!) : null)) };
}

/** A cell as the table and the CSV show it. */
export function cellText(column: ChartColumn, value: Cell): string {
  if (value === null) return '';
  if (column.percent && typeof value === 'number') return `${Math.round(value * 1000) / 10}%`;
  return String(value);
}

/** A chart's rows as CSV (RFC 4180, CRLF), exactly what its table shows, formulas neutralised. */
export function chartCsv(spec: Pick<ChartSpec, 'columns' | 'rows'>): string {
  return csvText([spec.columns.map((c) => c.label), ...spec.rows.map((row) => spec.columns.map((c) => cellText(c, row[c.key] ?? null)))]);
}

/** A chart's rows as an XLSX workbook (numbers stay numbers, text that would start a formula is neutralised). */
export async function chartXlsx(spec: Pick<ChartSpec, 'columns' | 'rows' | 'title'>): Promise<ArrayBuffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(spec.title.slice(0, 31).replace(/[\\/*?:[\]]/g, ' '));
  sheet.columns = spec.columns.map((c) => ({ header: neutraliseFormula(c.label), key: c.key, width: Math.max(12, c.label.length + 2) }));
  for (const row of spec.rows) {
    sheet.addRow(Object.fromEntries(spec.columns.map((c) => [c.key, sheetCell(row[c.key] ?? null)])));
  }
  for (const [index, c] of spec.columns.entries()) if (c.percent) sheet.getColumn(index + 1).numFmt = '0.0%';
  const buffer = await book.xlsx.writeBuffer();
  return buffer instanceof ArrayBuffer ? buffer : new Uint8Array(buffer as unknown as ArrayBufferLike).slice().buffer;
}
