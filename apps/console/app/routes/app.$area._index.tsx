import type { MetaFunction } from '@remix-run/node';
import { Link, useRouteLoaderData } from '@remix-run/react';
import { APP_TITLE } from '../lib/constants';
import type { loader as areaLoader } from './app.$area';

export const meta: MetaFunction = ({ matches }) => {
  const area = (matches.find((m) => m.id === 'routes/app.$area')?.data as { area?: { name: string } } | undefined)?.area;
  return [{ title: area ? `${area.name} · ${APP_TITLE}` : APP_TITLE }];
};

/** An area's index page: what the application holds, and a link to each of its screens. */
export default function AreaIndex() {
  const layout = useRouteLoaderData<typeof areaLoader>('routes/app.$area');
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
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}
