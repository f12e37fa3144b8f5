import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { ticketPriorityOptions, ticketStateOptions } from '@campus/domain-support';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { Button, DateField, DueTime, LinkTabs, Select, TextField } from '@campus/ui';
import { useEffect, useState } from 'react';
import { formatZonedTime } from '@campus/formatters';
import { SlaBadge } from './SlaBadge';
import { SLA_LABELS } from './sla-labels';
import { TicketListQuerySchema, supportContract } from '@campus/api-contract';
import { signedIn } from '../../lib/request.server';
import { answerOf, queryOrThrow } from '../../lib/answers.server';
import { ticketQueryOf } from './support.server';
import { leafCategories, type TreeNode } from './ticket-files.server';
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
  const context = await signedIn(request);
  const api = context.client(supportContract);
  const [list, tree, teamList, agentList] = await Promise.all([
    api.listTickets({ query: queryOrThrow(TicketListQuerySchema, query) }),
    api.getCategoryTree(),
    context.api.resource('support-teams').list({ limit: 100 }),
    api.listAgents(),
  ]);
  const page: { rows: TicketRow[]; count: number; countIsCapped?: boolean } = answerOf(list, 200);
  const nodes = tree.status === 200 ? (tree.body as { data: { nodes: TreeNode[] } }).data.nodes : [];
  const teamRows = teamList.status === 200 ? (teamList.body.rows as { _id: string; name?: unknown }[]) : [];
  const teams = teamRows.map((t) => ({ value: t._id, label: String(t.name ?? '') }));
  const categories = leafCategories(nodes).map(({ value, label }) => ({ value, label }));
  const agents = agentList.status === 200 ? agentList.body.data.map((a) => ({ value: a._id, label: a.name })) : [];
  // The server's clock, so "due in 2 h" reads the same in the server's page and after hydration.
  return { ...page, query, teams, agents, categories, now: new Date().toISOString() };
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
  return t.slaStatus === 'breached' ? (passed.at(-1) ?? null) : (ahead[0] ?? null);
}

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

/** The filters the fold counts ("Filters (3)"). */
const FILTER_NAMES = ['q', 'state', 'priority', 'sla', 'teamId', 'assigneeId', 'categoryV2Id', 'from', 'to'] as const;
const SLA_FILTERS = ['ok', 'near-breach', 'breached', 'paused', 'met'].map((value) => ({ value, label: SLA_LABELS[value] ?? value }));

/**
 * Whether the filters are unfolded: folded as served, so a phone shows tickets first (wider screens lay the folded
 * filters out anyway, see support.css); once JavaScript runs, unfolded from 640 px.
 */
function useFiltersOpen(): [boolean, (open: boolean) => void] {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia === 'function' && window.matchMedia('(min-width: 640px)').matches) setOpen(true);
  }, []);
  return [isOpen, setOpen];
}

const VIEWS = [
  { value: 'mine', label: 'My tickets' },
  { value: 'team', label: 'My team’s' },
  { value: 'all', label: 'All tickets' },
] as const;

export default function TicketsRoute() {
  const { rows, count, countIsCapped, query, now, teams, agents, categories } = useLoaderData<typeof loader>();
  const chosen = FILTER_NAMES.filter((name) => query[name]).length;
  const [filtersOpen, setFiltersOpen] = useFiltersOpen();
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
      <LinkTabs
        label="Ticket views"
        tabs={VIEWS.map((v) => ({ href: withQuery({ view: v.value, page: undefined }), label: v.label }))}
        current={withQuery({ view, page: undefined })}
      />
      <Form method="get" className="cas-panel cas-ticket-filterbar" aria-label="Filter tickets">
        <input type="hidden" name="view" value={view} />
        <details className="cas-ticket-fold" open={filtersOpen} onToggle={(e) => setFiltersOpen(e.currentTarget.open)}>
          <summary className="cas-ticket-fold__summary">{chosen ? `Filters (${chosen})` : 'Filters'}</summary>
          <div className="cas-ticket-fold__body">
            <TextField label="Search subject and thread" name="q" type="search" defaultValue={query.q ?? ''} />
            <Select label="State" name="state" placeholder="Any" defaultValue={query.state ?? ''} options={ticketStateOptions} />
            <Select label="Priority" name="priority" placeholder="Any" defaultValue={query.priority ?? ''} options={ticketPriorityOptions} />
            <Select label="SLA" name="sla" placeholder="Any" defaultValue={query.sla ?? ''} options={SLA_FILTERS} />
            <Select label="Team" name="teamId" placeholder="Any" defaultValue={query.teamId ?? ''} options={teams} />
            <Select label="Agent" name="assigneeId" placeholder="Any" defaultValue={query.assigneeId ?? ''} options={agents} />
            <Select label="Category" name="categoryV2Id" placeholder="Any" defaultValue={query.categoryV2Id ?? ''} options={categories} />
            <DateField label="From" name="from" defaultValue={query.from ?? ''} />
            <DateField label="To" name="to" defaultValue={query.to ?? ''} />
            <div className="cas-ticket-buttons cas-ticket-filterbar__actions">
              <Button type="submit">Filter</Button>
              <a className="cas-button cas-button--secondary" href={`/app/support-management/tickets/export.csv${withQuery({ page: undefined })}`} download>
                Export CSV
              </a>
            </div>
          </div>
        </details>
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
              <td data-label="Subject" className="cas-ticket-subject">
                {t.subject}
              </td>
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
              <td data-label="Opened">
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
