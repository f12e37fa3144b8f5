import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData, useRouteLoaderData } from '@remix-run/react';
import { resourceCounts } from '../features/resources/area-counts.server';
import { APP_TITLE } from '../lib/constants';
import type { loader as areaLoader } from './app.$area';

export const meta: MetaFunction = ({ matches }) => {
  const area = (matches.find((m) => m.id === 'routes/app.$area')?.data as { area?: { name: string } } | undefined)?.area;
  return [{ title: area ? `${area.name} · ${APP_TITLE}` : APP_TITLE }];
};

/** The number of records behind each of the area's resource screens (the layout route has guarded the path). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return { counts: await resourceCounts(request, params.area ?? '') };
}

const countFormat = new Intl.NumberFormat('en-PH');

/** An area's index page: what the application holds, and a link to each of its screens with its record count. */
export default function AreaIndex() {
  const layout = useRouteLoaderData<typeof areaLoader>('routes/app.$area');
  const { counts } = useLoaderData<typeof loader>();
  if (!layout) return null;
  const { area, sections } = layout;
  return (
    <>
      <h1 className="cas-page-title">{area.name}</h1>
      <p>{area.description}</p>
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
