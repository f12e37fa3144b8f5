import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { ChartFigure, exportLink, FilterSelect, FilterText, RangeForm, whoOf } from './ReportParts';
import { linkTo } from './links';
import { auditPage, rendered } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Audit Trails · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const page = await auditPage(request);
  return { ...page, charts: rendered(page.charts) };
}

const manila = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'medium', timeStyle: 'medium' });

/** Every audited action, filtered; read-only. Each entry opens its field-level diff; each record its own history. */
export default function AuditTrailsRoute() {
  const { range, filters, rows, count, resources, charts } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const page = Number(filters.page ?? 1);
  const lastPage = Math.max(1, Math.ceil(count / 25));
  const withPage = (n: number) => {
    const next = new URLSearchParams(search);
    next.set('page', String(n));
    return `?${next.toString()}`;
  };
  const csv = new URLSearchParams(search);
  csv.delete('page');
  if (range.preset !== 'all') {
    csv.set('from', range.from);
    csv.set('to', range.to);
  }
  return (
    <>
      <h1 className="cas-page-title">Audit Trails</h1>
      <RangeForm range={range} allowAll chosen={[filters.actor, filters.resource, filters.recordId, filters.activity].filter(Boolean).length}>
        <FilterText label="Actor (email or user id)" name="actor" value={filters.actor} />
        <FilterSelect label="Resource" name="resource" value={filters.resource} options={resources.map((r) => ({ value: r, label: r }))} />
        <FilterText label="Record id" name="recordId" value={filters.recordId} />
        <FilterText label="Activity contains" name="activity" value={filters.activity} />
      </RangeForm>
      {filters.recordId ? (
        <p>
          History of record <code>{filters.recordId}</code>
          {filters.resource ? ` (${filters.resource})` : ''}.
        </p>
      ) : null}
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} exportHref={exportLink('audit-trails', chart.id, search, range)} />
      ))}
      <section className="cas-panel" aria-labelledby="audit-list-title">
        <h2 id="audit-list-title">
          {count.toLocaleString('en-PH')} {count === 1 ? 'entry' : 'entries'}
        </h2>
        <p>
          <a className="cas-button cas-button--secondary" href={`/app/analytics/audit-trails/export.csv?${csv.toString()}`} download>
            Export entries as CSV
          </a>
        </p>
        <div className="cas-table-scroll">
          <table className="cas-table">
            <caption className="cas-visually-hidden">Audited actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Activity</th>
                <th scope="col">Resource</th>
                <th scope="col">Record</th>
                <th scope="col">From</th>
                <th scope="col">Changes</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r._id}>
                  <td>
                    <Link to={`/app/analytics/audit-trails/${r._id}`}>{manila.format(new Date(r.createdAt))}</Link>
                  </td>
                  <td>{whoOf(r)}</td>
                  <td>
                    {r.activity}
                    {r.reportedByClient ? ' (reported by the client)' : ''}
                  </td>
                  <td>{r.resource ?? '—'}</td>
                  <td>
                    {r.recordId && r.resource ? (
                      <Link to={linkTo('audit-trails', { resource: r.resource, recordId: r.recordId, preset: 'all' })}>
                        {r.recordId.slice(0, 8)}…<span className="cas-visually-hidden"> (history of record {r.recordId})</span>
                      </Link>
                    ) : (
                      (r.recordId ?? '—')
                    )}
                  </td>
                  <td>{r.ipAddress ?? '—'}</td>
                  <td>
                    {r.changedFields.length ? (
                      <Link to={`/app/analytics/audit-trails/${r._id}`}>
                        {r.changedFields.length} {r.changedFields.length === 1 ? 'field' : 'fields'}
                        <span className="cas-visually-hidden">
                          {' '}
                          changed by {r.activity}: {r.changedFields.join(', ')}
                        </span>
                      </Link>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <nav aria-label="Pages" className="cas-pager">
          {page > 1 ? <Link to={withPage(page - 1)}>Previous page</Link> : null}{' '}
          <span>
            Page {page} of {lastPage}
          </span>{' '}
          {page < lastPage ? <Link to={withPage(page + 1)}>Next page</Link> : null}
        </nav>
      </section>
    </>
  );
}

export const ErrorBoundary = RouteError;
