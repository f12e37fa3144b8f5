import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from '@remix-run/react';
import { applicationBySegment } from '@campus/domain-iam';
import { AdminLayout, SideMenu, SideMenuItem, SideMenuSection } from '@campus/ui';
import { LogoutControl } from '../components/LogoutControl';
import { ShellHeader } from '../components/ShellHeader';
import { useMenuToggle } from '../components/use-menu-toggle';
import { APP_VERSION } from '../lib/constants';
import { screensOf, type Screen } from '../lib/screens.server';
import { useShell } from '../lib/use-shell';

/**
 * The admin layout for every /app/<area>/… page (spec §2): header, side menu with Go Back Home, the area's
 * section listing every screen of the area, and Account Management. The guard already ran in /app.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const area = applicationBySegment(params.area ?? '');
  if (!area) throw data({ message: 'This page could not be found' }, { status: 404 });
  const screens = screensOf(area);
  const groups = new Map<string, Screen[]>();
  for (const s of screens) {
    const key = s.group ?? '';
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  return {
    area: { code: area.code, name: area.name, description: area.description, segment: area.segment, path: `/app/${area.segment}` },
    sections: [...groups.entries()].map(([group, items]) => ({ title: group || area.name, items })),
  };
}

export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, defaultShouldRevalidate }) =>
  currentParams.area !== nextParams.area || defaultShouldRevalidate;

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

export default function AdminArea() {
  const shell = useShell();
  const { area, sections } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const { collapsed, toggle } = useMenuToggle(shell.isMenuCollapsed);
  return (
    <AdminLayout
      isMenuCollapsed={collapsed}
      header={<ShellHeader shell={shell} currentCode={area.code} start={toggle} />}
      menu={
        <SideMenu>
          <SideMenuSection>
            <SideMenuItem href="/app" label="Go Back Home" icon="home" />
          </SideMenuSection>
          {sections.map((section) => (
            <SideMenuSection key={section.title} title={section.title}>
              {section.title === area.name ? (
                <SideMenuItem href={area.path} label="Overview" icon="apps" isCurrent={pathname === area.path} />
              ) : null}
              {section.items.map((s) => (
                <SideMenuItem key={s.path} href={s.path} label={s.label} isCurrent={isCurrent(pathname, s.path)} />
              ))}
            </SideMenuSection>
          ))}
          <SideMenuSection title="Account Management">
            <SideMenuItem href="/profile" label="Manage Profile" icon="user" target="_blank" />
            <li>
              <LogoutControl variant="menu" />
            </li>
          </SideMenuSection>
          <p className="cas-version cas-menu__label" style={{ padding: '0 10px' }}>
            Version {APP_VERSION}
          </p>
        </SideMenu>
      }
    >
      <Outlet />
    </AdminLayout>
  );
}
