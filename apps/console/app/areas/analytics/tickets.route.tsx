import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { TICKET_CHANNELS, ticketPriorityOptions, ticketStateOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { ChartFigure, exportLink, FilterSelect, RangeForm } from './ReportParts';
import { rendered, ticketsPage } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Ticket report · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await ticketsPage(request);
  return { ...page, charts: rendered(page.charts) };
}

const COLUMNS = [
  { key: 'reference', label: 'Reference', sort: 'reference' },
  { key: 'subject', label: 'Subject' },
  { key: 'state', label: 'State', sort: 'state' },
  { key: 'priority', label: 'Priority', sort: 'priority' },
  { key: 'channel', label: 'Channel' },
  { key: 'officeName', label: 'Office' },
  { key: 'teamName', label: 'Team' },
  { key: 'categoryName', label: 'Category' },
  { key: 'assigneeName', label: 'Agent' },
  { key: 'slaStatus', label: 'SLA' },
  { key: 'firstResponseMinutes', label: 'First response (business min)', sort: 'firstResponseMinutes' },
  { key: 'resolutionMinutes', label: 'Resolution (business min)', sort: 'resolutionMinutes' },
  { key: 'createdAt', label: 'Created', sort: 'createdAt' },
] as const;

const manila = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'short' });

/** The ticket report: filtered, sortable, exportable, with each ticket's SLA figures and custom fields. */
export default function TicketReportRoute() {
  const { range, filters, rows, count, charts } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const sort = filters.sort ?? 'createdAt';
  const dir = filters.dir ?? 'desc';
  const page = Number(filters.page ?? 1);
  const withQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    return `?${next.toString()}`;
  };
  const { state, priority, channel, breached, page: _page, ...kept } = filters;
  const customKeys = [...new Set(rows.flatMap((r) => Object.keys(r.customFields ?? {})))].sort();
  const lastPage = Math.max(1, Math.ceil(count / 25));
  return (
    <>
      <h1 className="cas-page-title">Tickets</h1>
      <RangeForm range={range} hidden={kept} chosen={[state, priority, channel, breached].filter(Boolean).length}>
        <FilterSelect label="State" name="state" value={state} options={ticketStateOptions} />
        <FilterSelect label="Priority" name="priority" value={priority} options={ticketPriorityOptions} />
        <FilterSelect label="Channel" name="channel" value={channel} options={TICKET_CHANNELS.map((c) => ({ value: c, label: c[0]!.toUpperCase() + c.slice(1) }))} />
        <FilterSelect
          label="SLA breached"
          name="breached"
          value={breached}
          options={[
            { value: 'yes', label: 'Breached' },
            { value: 'no', label: 'Not breached' },
          ]}
        />
      </RangeForm>
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} exportHref={exportLink('tickets', chart.id, search, range)} />
      ))}
      <section className="cas-panel" aria-labelledby="ticket-table-title">
        <h2 id="ticket-table-title">
          {count.toLocaleString('en-PH')} {count === 1 ? 'ticket' : 'tickets'}
        </h2>
        <p className="cas-chart__exports">
          <a className="cas-button cas-button--secondary" href={exportLink('tickets', 'table', search, range)('csv')} download>
            Export tickets as CSV
          </a>{' '}
          <a className="cas-button cas-button--secondary" href={exportLink('tickets', 'table', search, range)('xlsx')} download>
            Export tickets as XLSX
          </a>
        </p>
        <div className="cas-table-scroll">
          <table className="cas-table">
            <caption className="cas-visually-hidden">Tickets, sorted by {COLUMNS.find((c) => 'sort' in c && c.sort === sort)?.label ?? 'Created'}</caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => {
                  const sortable = 'sort' in c;
                  const active = sortable && c.sort === sort;
                  return (
                    <th key={c.key} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
                      {sortable ? (
                        <Link to={withQuery({ sort: c.sort, dir: active && dir === 'asc' ? 'desc' : 'asc', page: undefined })}>{c.label}</Link>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
                {customKeys.map((k) => (
                  <th key={k} scope="col">
                    {k}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((t) => (
                <tr key={t._id}>
                  {COLUMNS.map((c) => {
                    const v = t[c.key as keyof typeof t];
                    if (c.key === 'reference') {
                      return (
                        <td key={c.key}>
                          <Link to={`/app/support-management/tickets/${t._id}`}>{t.reference}</Link>
                        </td>
                      );
                    }
                    if (c.key === 'createdAt') return <td key={c.key}>{manila.format(new Date(t.createdAt))}</td>;
                    return <td key={c.key}>{v === null || v === undefined ? '—' : String(v)}</td>;
                  })}
                  {customKeys.map((k) => (
                    <td key={k}>{t.customFields?.[k] ?? '—'}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav aria-label="Pages" className="cas-pager">
          {page > 1 ? <Link to={withQuery({ page: String(page - 1) })}>Previous page</Link> : null}{' '}
          <span>
            Page {page} of {lastPage}
          </span>{' '}
          {page < lastPage ? <Link to={withQuery({ page: String(page + 1) })}>Next page</Link> : null}
        </nav>
      </section>
    </>
  );
}

export const ErrorBoundary = RouteError;
