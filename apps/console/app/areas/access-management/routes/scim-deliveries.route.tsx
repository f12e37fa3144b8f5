import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Pagination, StatusPill } from '@campus/ui';
import { RouteError } from '../../../features/resources/RouteError';
import { APP_TITLE } from '../../../lib/constants';
import { ScimDeliveryTable } from '../ScimDeliveryTable';
import { loadScimLog } from '../scim.server';

/** This area's segment: the delivery log answers only under it. */
const SEGMENT = 'access-management';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.applicationName ? `SCIM deliveries: ${data.applicationName}` : 'SCIM deliveries'} · ${APP_TITLE}` },
];

/** An application's SCIM delivery log, newest first and paged (IAM administrators). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadScimLog(request, SEGMENT, params.id);
}

export default function ScimDeliveriesRoute() {
  const log = useLoaderData<typeof loader>();
  const editPath = `/app/access-management/applications/${log.applicationId}/edit`;
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <a href="/app/access-management/applications">Applications</a> / <a href={editPath}>{log.applicationName}</a>
      </nav>
      <h1 className="cas-page-title">
        SCIM deliveries<span className="cas-page-subtitle">: {log.applicationName}</span>
      </h1>
      <p>
        <StatusPill tone={log.enabled ? 'success' : 'neutral'}>{log.enabled ? 'Provisioning on' : 'Provisioning off'}</StatusPill>{' '}
        {log.baseUrl ? <code>{log.baseUrl}</code> : null} Every request sent to the application's SCIM endpoint, newest first.
      </p>
      <ScimDeliveryTable caption="SCIM deliveries" rows={log.rows} isEnabled={log.enabled} />
      {log.count > 0 ? <Pagination count={log.count} page={log.page} limit={log.limit} searchParams={log.searchParams} /> : null}
    </>
  );
}

export const ErrorBoundary = RouteError;
