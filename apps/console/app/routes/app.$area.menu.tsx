import type { MetaFunction } from '@remix-run/node';
import { AreaMenu } from '../components/AreaMenu';
import { APP_TITLE } from '../lib/constants';
import { useAreaLayoutData, type AreaLayoutData } from './app.$area';

export const meta: MetaFunction = ({ matches }) => {
  const area = (matches.map((m) => m.data as Partial<AreaLayoutData> | undefined).findLast((d) => d?.area && d.sections))?.area;
  return [{ title: area ? `Menu · ${area.name} · ${APP_TITLE}` : APP_TITLE }];
};

/**
 * `/app/{area}/menu`: the side menu as a page, where the header's menu link leads on a phone without JavaScript
 * (with JavaScript the same link opens the drawer). The layout route has guarded the path.
 */
export default function AreaMenuPage() {
  const layout = useAreaLayoutData();
  if (!layout) return null;
  return (
    <>
      <h1 className="cas-page-title">Menu</h1>
      <div className="cas-panel cas-menu-page">
        <AreaMenu {...layout} label="Menu" />
      </div>
    </>
  );
}
