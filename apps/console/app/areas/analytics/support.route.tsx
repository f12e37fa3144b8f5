import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { ChartFigure, exportLink, FilterSelect, KpiTiles, RangeForm, WeeklyEmailForm } from './ReportParts';
import { rendered, saveWeeklyEmail, supportPage, weeklyEmailOf } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Support report · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, weekly] = await Promise.all([supportPage(request), weeklyEmailOf(request, 'support')]);
  return { ...page, charts: rendered(page.charts), weekly };
}

export async function action({ request }: ActionFunctionArgs) {
  return saveWeeklyEmail(request, 'support');
}

const FILTERS = [
  { key: 'officeId', label: 'Office' },
  { key: 'teamId', label: 'Team' },
  { key: 'categoryV2Id', label: 'Category' },
] as const;

/** How the help desk did: tickets in and out, waiting times, SLA breaches, workload — against the previous period. */
export default function SupportReportRoute() {
  const { range, filters, kpis, charts, options, weekly } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const failed = useActionData<typeof action>();
  const filtered = Object.keys(filters).length > 0;
  return (
    <>
      <h1 className="cas-page-title">Support</h1>
      <RangeForm range={range} chosen={FILTERS.filter((f) => filters[f.key]).length}>
        {FILTERS.map((f) => (
          <FilterSelect key={f.key} label={f.label} name={f.key} value={filters[f.key]} options={options[f.key].map((o) => ({ value: o.id, label: o.name }))} />
        ))}
      </RangeForm>
      {filtered ? (
        <p>
          Filtered to one office, team or category. <Link to={`?preset=${range.preset}&from=${range.from}&to=${range.to}`}>Show all tickets</Link>
        </p>
      ) : null}
      <KpiTiles kpis={kpis} />
      <WeeklyEmailForm recipients={weekly.recipients} candidates={weekly.candidates} error={failed?.notice.description} />
      <p className="cas-report-note">Times are calendar time from a ticket’s creation; breaches are the Support area’s SLA status.</p>
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} exportHref={exportLink('support', chart.id, search, range)} />
      ))}
    </>
  );
}

export const ErrorBoundary = RouteError;
