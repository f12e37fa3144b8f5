import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ticketPriorityOptions, ticketStateOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { DueTime } from '@campus/ui';
import { formatZonedTime } from '@campus/formatters';
import { SlaBadge } from './SlaBadge';
import { SLA_LABELS } from './sla-labels';
import { TicketListQuerySchema, supportContract } from '@campus/api-contract';
import { signedIn } from '../../lib/request.server';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { ticketQueryOf } from './support.server';
import '../../features/resources/resources.css';
import './support.css';

export const meta: MetaFunction = () => [{ title: `Tickets · ${APP_TITLE}` }];

interface TicketRow {
  _id: string;
  reference: string;
  subject: string;
  requesterName: string;
  state: string;
  priority: string;
  slaStatus: string;
  firstResponseDueAt: string | null;
  resolutionDueAt: string | null;
  teamName: string | null;
  assigneeName: string | null;
  categoryName: string | null;
  createdAt: string;
}

/** My tickets, my team's, all: filters and search in the address, so every view is a link that works without JavaScript. */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = ticketQueryOf(url);
  const api = (await signedIn(request)).client(supportContract);
  const page: { rows: TicketRow[]; count: number; countIsCapped?: boolean } = answerOf(await api.listTickets({ query: queryOrThrow(TicketListQuerySchema, query) }), 200);
  // The server's clock, so "due in 2 h" reads the same in the server's page and after hydration.
  return { ...page, query, now: new Date().toISOString() };
}

/**
 * The deadline a row is measured against while its clock runs: the next one still ahead (the first response's, then
 * the resolution's); for a breached row the latest one passed, which is the one it breached.
 */
function dueOf(t: TicketRow, now: string): string | null {
  if (t.slaStatus !== 'ok' && t.slaStatus !== 'near-breach' && t.slaStatus !== 'breached') return null;
  const dues = [t.firstResponseDueAt, t.resolutionDueAt].filter((d): d is string => Boolean(d)).sort((a, b) => Date.parse(a) - Date.parse(b));
  const passed = dues.filter((d) => Date.parse(d) <= Date.parse(now));
  const ahead = dues.filter((d) => Date.parse(d) > Date.parse(now));
  return t.slaStatus === 'breached' ? (passed.at(-1) ?? ahead[0] ?? null) : (ahead[0] ?? passed.at(-1) ?? null);
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

const VIEWS = [
  { value: 'mine', label: 'My tickets' },
  { value: 'team', label: 'My team’s' },
  { value: 'all', label: 'All tickets' },
] as const;

export default function TicketsRoute() {
  const { rows, count, countIsCapped, query, now } = useLoaderData<typeof loader>();
  const view = query.view ?? 'all';
  const page = Number(query.page ?? 1);
  const withQuery = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams({ ...query, ...changes } as Record<string, string>);
    for (const [k, v] of [...next.entries()]) if (!v) next.delete(k);
    return `?${next.toString()}`;
  };
  return (
    <>
      <h1 className="cas-page-title">Tickets</h1>
      <p>
        <Link to="/app/support-management/tickets/new" className="cas-button">
          New ticket
        </Link>
      </p>
      <nav aria-label="Ticket views" className="cas-tabs">
        {VIEWS.map((v) => (
          <Link key={v.value} to={withQuery({ view: v.value, page: undefined })} aria-current={view === v.value ? 'page' : undefined} className="cas-button cas-button--secondary">
            {v.label}
          </Link>
        ))}
      </nav>
      <Form method="get" className="cas-panel cas-ticket-filters" aria-label="Filter tickets">
        <input type="hidden" name="view" value={view} />
        <label>
          Search subject and thread
          <input type="search" name="q" defaultValue={query.q ?? ''} />
        </label>
        <label>
          State
          <select name="state" defaultValue={query.state ?? ''}>
            <option value="">Any</option>
            {ticketStateOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Priority
          <select name="priority" defaultValue={query.priority ?? ''}>
            <option value="">Any</option>
            {ticketPriorityOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          SLA
          <select name="sla" defaultValue={query.sla ?? ''}>
            <option value="">Any</option>
            {['ok', 'near-breach', 'breached', 'paused', 'met'].map((s) => (
              <option key={s} value={s}>
                {SLA_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" name="from" defaultValue={query.from ?? ''} />
        </label>
        <label>
          To
          <input type="date" name="to" defaultValue={query.to ?? ''} />
        </label>
        <button type="submit" className="cas-button">
          Filter
        </button>
        <a className="cas-button cas-button--secondary" href={`/app/support-management/tickets/export.csv${withQuery({ page: undefined })}`} download>
          Export CSV
        </a>
      </Form>
      <p>
        {count.toLocaleString('en-PH')}
        {countIsCapped ? '+' : ''} tickets
      </p>
      <div className="cas-ticket-queue">
      <table className="cas-table">
        <caption className="cas-visually-hidden">Tickets</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Subject</th>
            <th scope="col">Requester</th>
            <th scope="col">State</th>
            <th scope="col">Priority</th>
            <th scope="col">Due</th>
            <th scope="col">Team</th>
            <th scope="col">Agent</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t._id}>
              <td data-label="Reference">
                <Link to={`/app/support-management/tickets/${t._id}`} className="cas-ticket-ref">
                  {t.reference}
                </Link>
              </td>
              <td data-label="Subject">{t.subject}</td>
              <td data-label="Requester">{t.requesterName}</td>
              <td data-label="State">{labelOf(ticketStateOptions, t.state)}</td>
              <td data-label="Priority">{labelOf(ticketPriorityOptions, t.priority)}</td>
              <td data-label="Due">
                <span className="cas-ticket-due">
                  <SlaBadge status={t.slaStatus} />
                  {dueOf(t, now) ? <DueTime due={dueOf(t, now)!} now={now} isCompact /> : null}
                </span>
              </td>
              <td data-label="Team">{t.teamName ?? '—'}</td>
              <td data-label="Agent">{t.assigneeName ?? 'Unassigned'}</td>
              <td data-label="Opened" className="cas-ticket-opened">
                {formatZonedTime(t.createdAt, { withDate: true })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      </div>
      <nav aria-label="Pages" className="cas-pagination">
        {page > 1 ? <Link to={withQuery({ page: String(page - 1) })}>Previous page</Link> : null}{' '}
        {page * 20 < count ? <Link to={withQuery({ page: String(page + 1) })}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
