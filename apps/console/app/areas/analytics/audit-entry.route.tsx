import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { whoOf } from './ReportParts';
import { linkTo } from './links';
import { reportsContract } from '@campus/api-contract';
import { answerOf } from '../../lib/answers.server';
import { signedIn } from '../../lib/request.server';
import type { AuditListRow } from './reports.server';
import '../../features/resources/resources.css';
import './analytics.css';

export const meta: MetaFunction = () => [{ title: `Audit-trail entry · ${APP_TITLE}` }];

interface Entry extends AuditListRow {
  changes: { field: string; before: unknown; after: unknown; hidden: boolean }[];
  recordHistoryCount: number;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const api = (await signedIn(request)).client(reportsContract);
  const { data }: { data: Entry } = answerOf(await api.auditTrail({ params: { id: params.id ?? '' } }), 200);
  return { entry: data };
}

const shown = (v: unknown) => (v === null || v === undefined ? '(empty)' : typeof v === 'string' ? v : JSON.stringify(v));
const manila = new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'full', timeStyle: 'medium' });

/** One audited action and exactly what it changed, field by field. Secrets are never shown. */
export default function AuditEntryRoute() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/app/analytics/audit-trails">Back to the audit trail</Link>
      </p>
      <h1 className="cas-page-title">{entry.activity}</h1>
      <dl className="cas-panel cas-audit-facts">
        <dt>Who</dt>
        <dd>{whoOf(entry)}</dd>
        {entry.actorName && entry.actorEmail ? (
          <>
            <dt>Email</dt>
            <dd>{entry.actorEmail}</dd>
          </>
        ) : null}
        <dt>When</dt>
        <dd>{manila.format(new Date(entry.createdAt))} (Asia/Manila)</dd>
        <dt>From</dt>
        <dd>{entry.ipAddress ?? '—'}</dd>
        <dt>Resource</dt>
        <dd>{entry.resource ?? '—'}</dd>
        <dt>Record</dt>
        <dd>
          {entry.recordId && entry.resource ? (
            <Link to={linkTo('audit-trails', { resource: entry.resource, recordId: entry.recordId, preset: 'all' })}>
              {entry.recordId} — history ({entry.recordHistoryCount} {entry.recordHistoryCount === 1 ? 'entry' : 'entries'})
            </Link>
          ) : (
            (entry.recordId ?? '—')
          )}
        </dd>
      </dl>
      {entry.changes.length ? (
        <table className="cas-table cas-diff">
          <caption>Changed fields</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entry.changes.map((c) => (
              <tr key={c.field} data-hidden={c.hidden || undefined}>
                <th scope="row">{c.field}</th>
                <td>
                  <del>{c.hidden ? 'Hidden (secret)' : shown(c.before)}</del>
                </td>
                <td>
                  <ins>{c.hidden ? 'Hidden (secret)' : shown(c.after)}</ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>This entry records no field changes.</p>
      )}
    </>
  );
}

export const ErrorBoundary = RouteError;
