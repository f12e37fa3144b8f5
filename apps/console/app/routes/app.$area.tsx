import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, useLoaderData, useMatches, type ShouldRevalidateFunction } from '@remix-run/react';
import { AdminLayout } from '@campus/ui';
import { applicationBySegment } from '../areas/manifests';
import { AreaMenu, PhoneMenuToggle } from '../components/AreaMenu';
import { KeyboardHelp } from '../components/KeyboardHelp';
import { ShellHeader } from '../components/ShellHeader';
import { useMenuToggle } from '../components/use-menu-toggle';
import { screensOf, type Screen } from '../lib/screens.server';
import { useShell } from '../lib/use-shell';
import { signedIn } from '../lib/request.server';

/**
 * The admin layout for every /app/<area>/… page (spec §2): header, side menu with Go Back Home, the area's
 * section listing every screen of the area, and Account Management. The guard already ran in /app.
 *
 * It serves `/app/:area` and, under the same module, each area's own layout route (`/app/<segment>`, see
 * `vite.config.ts`), which has no `area` parameter: the segment is then read from the address.
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const { user } = await signedIn(request); // the route guard, first
  const area = applicationBySegment(params.area ?? new URL(request.url).pathname.split('/')[2] ?? '');
  if (!area) throw data({ message: 'This page could not be found' }, { status: 404 });
  const screens = screensOf(area, user);
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

export type AreaLayoutData = Awaited<ReturnType<typeof loader>>;

/** The data of the admin layout around the current page, whichever of its routes matched. */
export function useAreaLayoutData(): AreaLayoutData | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const d = matches[i]?.data as Partial<AreaLayoutData> | undefined;
    if (d && typeof d === 'object' && d.area && d.sections) return d as AreaLayoutData;
  }
  return undefined;
}

export default function AdminArea() {
  const shell = useShell();
  const menu = useLoaderData<typeof loader>();
  const { collapsed, toggle } = useMenuToggle(shell.isMenuCollapsed);
  return (
    <AdminLayout
      isMenuCollapsed={collapsed}
      header={
        <ShellHeader
          shell={shell}
          currentCode={menu.area.code}
          tools={<KeyboardHelp />}
          start={
            <>
              <span className="cas-md-up">{toggle}</span>
              <PhoneMenuToggle {...menu} />
            </>
          }
        />
      }
      menu={<AreaMenu {...menu} />}
    >
      <Outlet />
    </AdminLayout>
  );
}
