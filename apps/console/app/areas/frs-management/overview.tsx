import type { MetaFunction } from '@remix-run/node';
import { Link } from '@remix-run/react';
import { APP_TITLE } from '../../lib/constants';
import { useAreaLayoutData } from '../../routes/app.$area';

export const meta: MetaFunction = () => [{ title: `Facial Recognition Management · ${APP_TITLE}` }];

/** The area's index: what it is for and its screens. */
export default function FrsOverview() {
  const layout = useAreaLayoutData();
  if (!layout) return null;
  const { area, sections } = layout;
  return (
    <>
      <h1 className="cas-page-title">{area.name}</h1>
      <p>{area.description}</p>
      <p>
        Enrol staff with their consent, register the kiosks where they clock in, and their daily time records fill in from the clock events. A
        kiosk opens <Link to="/kiosk">/kiosk</Link> in its browser and signs in with its device key.
      </p>
      <ul className="cas-tiles" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))' }}>
        {sections.flatMap((s) => s.items).map((s) => (
          <li key={s.path}>
            <Link className="cas-tile" to={s.path}>
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
