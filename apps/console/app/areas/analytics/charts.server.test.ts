import { describe, expect, it } from 'vitest';
import { chartCsv, chartXlsx, renderChart, type ChartSpec } from './charts.server';

const perDay: ChartSpec = {
  id: 'created-resolved',
  title: 'Tickets created and resolved per day',
  summary: '3 created, 1 resolved.',
  columns: [
    { key: 'day', label: 'Day' },
    { key: 'created', label: 'Created' },
    { key: 'resolved', label: 'Resolved' },
  ],
  rows: [
    { day: '2026-11-01', created: 1, resolved: 0 },
    { day: '2026-11-02', created: 2, resolved: 1 },
  ],
  kind: 'days',
  x: 'day',
  series: ['created', 'resolved'],
  href: (row, series) => `/app/analytics/tickets?day=${row.day}&series=${series}`,
};

const rates: ChartSpec = {
  id: 'breaches-office',
  title: 'SLA breach rate by office',
  summary: 'Registrar 50%.',
  columns: [
    { key: 'name', label: 'Office' },
    { key: 'rate', label: 'Breach rate', percent: true },
  ],
  rows: [
    { name: '=Registrar', rate: 0.5 },
    { name: 'Cashier, main', rate: 0.125 },
  ],
  kind: 'bars',
  x: 'name',
  series: ['rate'],
  percent: true,
  href: (row) => `/app/analytics/tickets?office=${encodeURIComponent(String(row.name))}`,
};

describe('charts drawn on the server', () => {
  it('draws SVG whose every point links to its list with a name, and no ARIA name on groups', () => {
    const chart = renderChart(perDay);
    expect(chart.svg).toContain('<svg');
    expect(chart.svg).toContain(`aria-label="${perDay.title}"`);
    const links = [...chart.svg.matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toHaveLength(4);
    expect(links.every((a) => /aria-label="Day 2026-11-0\d: (Created|Resolved) \d"/.test(a))).toBe(true);
    expect(chart.svg).toMatch(/href="\/app\/analytics\/tickets\?day=2026-11-02&(amp;)?series=resolved"/);
    expect(chart.svg).not.toMatch(/<g [^>]*aria-label/);
    expect(chart.links).toEqual(['/app/analytics/tickets?day=2026-11-01&series=created', '/app/analytics/tickets?day=2026-11-02&series=created']);
  });

  it('draws one bar per row and labels shares as percentages', () => {
    const chart = renderChart(rates);
    expect(chart.svg).toContain('aria-label="=Registrar: Breach rate 50%"');
    expect(chart.svg).toContain('aria-label="Cashier, main: Breach rate 12.5%"');
  });

  it('names a bar by its row alone, so an office called "Office of …" is not named "Office Office of …"', () => {
    const chart = renderChart({ ...rates, rows: [{ name: 'Office of the Registrar', rate: 0.25 }] });
    const labels = [...chart.svg.matchAll(/<a [^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);
    expect(labels).toEqual(['Office of the Registrar: Breach rate 25%']);
  });

  it('cuts a long name on the bar axis but keeps it whole in the bar’s label', () => {
    const question = 'When is the last day to add or drop a subject this term?';
    const chart = renderChart({ ...rates, percent: false, columns: [{ key: 'name', label: 'Question' }, { key: 'rate', label: 'Asked' }], rows: [{ name: question, rate: 3 }] });
    expect(chart.svg).toContain('When is the last day to add…');
    expect(chart.svg).toContain(`aria-label="${question}: Asked 3"`);
  });

  it('keeps a list (nothing to plot) as its table alone, with its links', () => {
    const chart = renderChart({
      id: 'responses-never-used',
      title: 'Responses never used',
      summary: '1 response.',
      columns: [{ key: 'title', label: 'Response' }, { key: 'lastUsed', label: 'Last used' }],
      rows: [{ id: 'r1', title: 'Library hours', lastUsed: 'Never' }],
      kind: 'list',
      x: 'title',
      series: [],
      href: (row) => `/app/chatbot-management/responses/${String(row.id)}/edit`,
    });
    expect(chart.svg).toBe('');
    expect(chart.links).toEqual(['/app/chatbot-management/responses/r1/edit']);
    expect(chartCsv(chart)).toBe('Response,Last used\r\nLibrary hours,Never\r\n');
  });

  it('exports exactly the table’s rows as CSV (formulas kept as text) and as XLSX', async () => {
    expect(chartCsv(rates)).toBe(`Office,Breach rate\r\n"'=Registrar",50%\r\n"Cashier, main",12.5%\r\n`);
    const xlsx = new Uint8Array(await chartXlsx(rates));
    expect(String.fromCharCode(xlsx[0]!, xlsx[1]!)).toBe('PK');
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.buffer as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect([sheet.getCell('A2').value, sheet.getCell('B2').value, sheet.getCell('A3').value]).toEqual(["'=Registrar", 0.5, 'Cashier, main']);
    expect(sheet.getCell('A2').type).not.toBe(ExcelJS.ValueType.Formula);
  });
});
