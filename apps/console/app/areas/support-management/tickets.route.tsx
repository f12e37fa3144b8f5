import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ticketPriorityOptions, ticketStateOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
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
  return { ...page, query };
}

const VIEWS = [
  { value: 'mine', label: 'My tickets' },
  { value: 'team', label: 'My team’s' },
  { value: 'all', label: 'All tickets' },
] as const;

export default function TicketsRoute() {
  const { rows, count, countIsCapped, query } = useLoaderData<typeof loader>();
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
      <table className="cas-table">
        <caption className="cas-visually-hidden">Tickets</caption>
        <thead>
          <tr>
            <th scope="col">Reference</th>
            <th scope="col">Subject</th>
            <th scope="col">Requester</th>
            <th scope="col">State</th>
            <th scope="col">Priority</th>
            <th scope="col">SLA</th>
            <th scope="col">Team</th>
            <th scope="col">Agent</th>
            <th scope="col">Opened</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <tr key={t._id}>
              <td>
                <Link to={`/app/support-management/tickets/${t._id}`}>{t.reference}</Link>
              </td>
              <td>{t.subject}</td>
              <td>{t.requesterName}</td>
              <td>{t.state}</td>
              <td>{t.priority}</td>
              <td>
                <SlaBadge status={t.slaStatus} />
              </td>
              <td>{t.teamName ?? '—'}</td>
              <td>{t.assigneeName ?? 'Unassigned'}</td>
              <td>{new Date(t.createdAt).toLocaleString('en-PH', { timeZone: 'Asia/Manila' })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav aria-label="Pages" className="cas-pagination">
        {page > 1 ? <Link to={withQuery({ page: String(page - 1) })}>Previous page</Link> : null}{' '}
        {page * 20 < count ? <Link to={withQuery({ page: String(page + 1) })}>Next page</Link> : null}
      </nav>
    </>
  );
}

export const ErrorBoundary = RouteError;
