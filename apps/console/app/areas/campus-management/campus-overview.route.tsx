import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { entityRegistry } from '@campus/api-contract';
import { cellText, DataTable, type EntityRow } from '@campus/ui';
import { loadCampusOverview } from './campus-overview.server';
import { RouteError } from '../../features/resources/RouteError';
import { APP_TITLE } from '../../lib/constants';
import '../../features/resources/resources.css';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${String(data.campus.name)} · ${APP_TITLE}` : APP_TITLE },
];

/** `campuses/{code}`: one campus with its colleges, departments, rooms and counts. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return loadCampusOverview(request, params.code ?? '');
}

export default function CampusOverviewRoute() {
  const { campus, counts, parts } = useLoaderData<typeof loader>();
  const campuses = entityRegistry.byResource('campuses');
  if (!campuses) return null;
  const details = ['code', 'address', 'email', 'contactNo', 'isMain'].filter((f) => campuses.fields[f]);
  return (
    <>
      <nav aria-label="Breadcrumb" className="cas-breadcrumb">
        <Link to={campuses.consolePath}>{campuses.pluralLabel}</Link>
      </nav>
      <h1 className="cas-page-title">{String(campus.name)}</h1>
      <section className="cas-panel" aria-label="Campus details">
        <dl className="cas-details">
          {details.map((f) => (
            <div key={f}>
              <dt>{campuses.fields[f]?.label}</dt>
              <dd>{cellText(campuses, f, campus as EntityRow) || '—'}</dd>
            </div>
          ))}
        </dl>
        <Link className="cas-button cas-button--secondary" to={`${campuses.consolePath}/${campus._id}/edit`}>
          Edit campus
        </Link>
      </section>
      <section className="cas-panel" aria-labelledby="campus-counts">
        <h2 id="campus-counts" className="cas-panel-title">
          Counts
        </h2>
        <ul className="cas-counts">
          {counts.map(({ resource, count }) => {
            const e = entityRegistry.byResource(resource);
            return e ? (
              <li key={resource}>
                <Link to={`${e.consolePath}?campusId=${campus._id}`}>
                  <strong>{count.toLocaleString('en-US')}</strong> {e.pluralLabel}
                </Link>
              </li>
            ) : null;
          })}
        </ul>
      </section>
      {parts.map(({ resource, rows }) => {
        const e = entityRegistry.byResource(resource);
        if (!e) return null;
        return (
          <section key={resource} className="cas-panel" aria-labelledby={`part-${resource}`}>
            <h2 id={`part-${resource}`} className="cas-panel-title">
              {e.pluralLabel}
            </h2>
            <DataTable
              entity={e}
              rows={rows as EntityRow[]}
              searchParams={`campusId=${campus._id}`}
              sort={e.defaultSort}
              columns={e.listColumns.filter((c) => c !== 'campusId')}
              rowHref={(row) => `${e.consolePath}/${row._id}/edit`}
            />
          </section>
        );
      })}
    </>
  );
}

export const ErrorBoundary = RouteError;
