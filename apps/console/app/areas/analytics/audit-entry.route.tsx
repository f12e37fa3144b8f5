import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import { whoOf } from './ReportParts';
import { EmptyState, KeyValueList } from '@campus/ui';
import { formatZonedTime } from '@campus/formatters';
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

/** A value of the diff as text; an empty one says so. */
function Value({ value, hidden }: { value: unknown; hidden: boolean }) {
  if (hidden) return <span>Hidden (secret)</span>;
  if (value === null || value === undefined || value === '') return <span className="cas-diff__empty">(empty)</span>;
  return <>{typeof value === 'string' ? value : JSON.stringify(value)}</>;
}

/** One audited action and exactly what it changed, field by field. Secrets are never shown. */
export default function AuditEntryRoute() {
  const { entry } = useLoaderData<typeof loader>();
  return (
    <>
      <p>
        <Link to="/app/analytics/audit-trails">Back to the audit trail</Link>
      </p>
      <h1 className="cas-page-title">{entry.activity}</h1>
      <section className="cas-panel cas-audit-facts" aria-label="Who, when and what">
        <KeyValueList
          layout="grid"
          items={[
            { label: 'Who', value: whoOf(entry) },
            ...(entry.actorName && entry.actorEmail ? [{ label: 'Email', value: entry.actorEmail }] : []),
            { label: 'When', value: formatZonedTime(entry.createdAt, { withDate: true }) },
            { label: 'From', value: entry.ipAddress },
            { label: 'Resource', value: entry.resource },
            {
              label: 'Record',
              value:
                entry.recordId && entry.resource ? (
                  <Link to={linkTo('audit-trails', { resource: entry.resource, recordId: entry.recordId, preset: 'all' })}>
                    {entry.recordId} — history ({entry.recordHistoryCount} {entry.recordHistoryCount === 1 ? 'entry' : 'entries'})
                  </Link>
                ) : (
                  entry.recordId
                ),
              isWide: true,
            },
          ]}
        />
      </section>
      {entry.changes.length ? (
        <div className="cas-diff-wrap">
          <table className="cas-diff">
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
                  <td className="cas-diff__before" data-label="Before">
                    <del>
                      <Value value={c.before} hidden={c.hidden} />
                    </del>
                  </td>
                  <td className="cas-diff__after" data-label="After">
                    <ins>
                      <Value value={c.after} hidden={c.hidden} />
                    </ins>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <EmptyState title="No field changes" description="This entry records no field changes." />
      )}
    </>
  );
}

export const ErrorBoundary = RouteError;
