import type { LoaderFunctionArgs } from '@remix-run/node';
import { data } from '@remix-run/node';
import { chartCsv, chartXlsx, type ChartSpec } from './charts.server';
import { auditPage, chatbotPage, supportPage, ticketsPage } from './reports.server';
import { signedIn } from '../../lib/request.server';

const TICKET_TABLE: ChartSpec['columns'] = [
  { key: 'reference', label: 'Reference' },
  { key: 'subject', label: 'Subject' },
  { key: 'state', label: 'State' },
  { key: 'priority', label: 'Priority' },
  { key: 'channel', label: 'Channel' },
  { key: 'officeName', label: 'Office' },
  { key: 'teamName', label: 'Team' },
  { key: 'categoryName', label: 'Category' },
  { key: 'assigneeName', label: 'Agent' },
  { key: 'slaStatus', label: 'SLA' },
  { key: 'firstResponseMinutes', label: 'First response (business min)' },
  { key: 'resolutionMinutes', label: 'Resolution (business min)' },
  { key: 'createdAt', label: 'Created' },
];

/** The chart (or the ticket table) a report page shows, with the page's filters, as CSV or XLSX. */
async function chartOf(request: Request, report: string, chart: string): Promise<Pick<ChartSpec, 'title' | 'columns' | 'rows'> | undefined> {
  if (report === 'tickets' && chart === 'table') {
    const page = await ticketsPage(request, { all: true });
    const custom = [...new Set(page.rows.flatMap((r) => Object.keys(r.customFields ?? {})))].sort();
    return {
      title: 'Tickets',
      columns: [...TICKET_TABLE, ...custom.map((k) => ({ key: `custom.${k}`, label: k }))],
      rows: page.rows.map((r) => {
        const { customFields, ...rest } = r;
        const row: Record<string, string | number | null> = {};
        for (const [k, v] of Object.entries(rest)) row[k] = typeof v === 'number' || typeof v === 'string' ? v : null;
        for (const k of custom) row[`custom.${k}`] = customFields?.[k] ?? null;
        return row;
      }),
    };
  }
  const pages: Record<string, (request: Request) => Promise<{ charts: ChartSpec[] }>> = {
    chatbot: chatbotPage,
    support: supportPage,
    tickets: ticketsPage,
    'audit-trails': auditPage,
  };
  const page = Object.hasOwn(pages, report) ? await pages[report]!(request) : undefined;
  return page?.charts.find((c) => c.id === chart);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first: a download runs this loader alone
  const url = new URL(request.url);
  const report = url.searchParams.get('report') ?? '';
  const format = url.searchParams.get('format');
  const spec = await chartOf(request, report, url.searchParams.get('chart') ?? '');
  if (!spec || (format !== 'csv' && format !== 'xlsx')) throw data({ message: 'This page could not be found' }, { status: 404 });
  const name = `${report}-${spec.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
  if (format === 'csv') {
    return new Response(chartCsv(spec), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}.csv"`, 'X-Content-Type-Options': 'nosniff' },
    });
  }
  return new Response(await chartXlsx(spec), {
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'Content-Disposition': `attachment; filename="${name}.xlsx"`,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
