import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { AttentionPanel } from '../features/resources/AttentionPanel';
import { loadAreaSummary } from '../features/resources/area-summary.server';
import { APP_TITLE } from '../lib/constants';
import { applicationBySegment } from '../areas/manifests';
import { useAreaLayoutData, type AreaLayoutData } from './app.$area';
import { signedIn } from '../lib/request.server';

export const meta: MetaFunction = ({ matches }) => {
  const area = (matches.map((m) => m.data as Partial<AreaLayoutData> | undefined).findLast((d) => d?.area && d.sections))?.area;
  return [{ title: area ? `${area.name} · ${APP_TITLE}` : APP_TITLE }];
};

/** What needs attention in the area and the number of records behind each of its screens, in one API call. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await signedIn(request); // the route guard, first
  // Under an area's own layout route there is no `area` parameter: the segment is read from the address.
  const area = applicationBySegment(params.area ?? new URL(request.url).pathname.split('/')[2] ?? '');
  // The layout route answers 404 for an unknown area; this loader runs beside it.
  if (!area) return { counts: {}, attention: [] };
  return loadAreaSummary(request, area);
}

const countFormat = new Intl.NumberFormat('en-PH');

/** An area's index page: what needs attention, then a link to each of its screens with its record count. */
export default function AreaIndex() {
  const layout = useAreaLayoutData();
  const { counts, attention } = useLoaderData<typeof loader>();
  if (!layout) return null;
  const { area, sections } = layout;
  return (
    <>
      <h1 className="cas-page-title">{area.name}</h1>
      <p>{area.description}</p>
      {attention.length ? <AttentionPanel figures={attention} /> : null}
      {sections.map((section) => (
        <section key={section.title} className="cas-panel" aria-labelledby={`section-${section.title}`}>
          <h2 id={`section-${section.title}`} style={{ marginTop: 0, fontSize: '1.125rem' }}>
            {section.title}
          </h2>
          <ul className="cas-tiles" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
            {section.items.map((s) => (
              <li key={s.path}>
                <Link className="cas-tile" to={s.path}>
                  {s.label}
                  {counts[s.path] === undefined ? null : (
                    <span className="cas-tile-count" aria-label={`${countFormat.format(counts[s.path]!)} records`}>
                      {countFormat.format(counts[s.path]!)}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
