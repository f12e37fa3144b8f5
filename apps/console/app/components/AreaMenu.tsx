import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { dialogTriggerProps, Icon, MenuDrawer, SideMenu, SideMenuItem, SideMenuSection } from '@campus/ui';
import { APP_VERSION } from '../lib/constants';
import { useShell } from '../lib/use-shell';
import type { Screen } from '../lib/screens.server';
import { LogoutControl } from './LogoutControl';

export interface AreaMenuData {
  /** Absent on pages that belong to no area (the notification centre): the menu then has no area section. */
  readonly area?: { readonly name: string; readonly path: string };
  readonly sections: readonly { readonly title: string; readonly items: readonly Screen[] }[];
}

function isCurrent(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The admin layout's side menu (spec §2): Go Back Home, the area's sections with the current page marked (a group
 * of the area shows its screens only while one of them is open), and Account Management. The same menu sits beside the page from md up, in the drawer below it, and on the menu page.
 */
export function AreaMenu({ area, sections, label }: AreaMenuData & { readonly label?: string }) {
  const { pathname } = useLocation();
  const { user } = useShell();
  return (
    <SideMenu label={label}>
      <SideMenuSection>
        <SideMenuItem href="/app" label="Go Back Home" icon="home" />
      </SideMenuSection>
      {sections.map((section) => {
        const isMain = !area || section.title === area.name;
        const first = section.items[0];
        // A group of the area (Human Resources) opens when the current page is one of its screens; elsewhere it is
        // one entry leading to its first screen, so the area's own screens and Account Management stay in view.
        if (!isMain && first && !section.items.some((s) => isCurrent(pathname, s.path))) {
          return (
            <SideMenuSection key={section.title}>
              <SideMenuItem href={first.path} label={section.title} icon="layers" />
            </SideMenuSection>
          );
        }
        return (
          <SideMenuSection key={section.title} title={section.title}>
            {area && section.title === area.name ? (
              <SideMenuItem href={area.path} label="Overview" icon="apps" isCurrent={pathname === area.path} />
            ) : null}
            {section.items.map((s) => (
              <SideMenuItem key={s.path} href={s.path} label={s.label} isCurrent={isCurrent(pathname, s.path)} />
            ))}
          </SideMenuSection>
        );
      })}
      <SideMenuSection title="Account Management">
        <SideMenuItem href="/profile" label="Manage Profile" icon="user" target="_blank" />
        {user.iamAdmin ? <SideMenuItem href="/app/settings" label="System Settings" icon="shield" isCurrent={pathname === '/app/settings'} /> : null}
        <li>
          <LogoutControl variant="menu" />
        </li>
      </SideMenuSection>
      <p className="cas-version cas-menu__label" style={{ padding: '0 10px' }}>
        Version {APP_VERSION}
      </p>
    </SideMenu>
  );
}

/**
 * The header's menu toggle below the md breakpoint: with JavaScript it opens the menu as a drawer (focus trapped,
 * Escape closes, closed again by any navigation); without JavaScript it is a link to the area's menu page.
 */
export function PhoneMenuToggle(menu: AreaMenuData) {
  const [isOpen, setIsOpen] = useState(false);
  const toggle = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  useEffect(() => setIsOpen(false), [location.key]);
  return (
    <>
      <a
        ref={toggle}
        {...dialogTriggerProps(`${menu.area?.path ?? '/app'}/menu`, () => setIsOpen(true))}
        className="cas-button cas-button--ghost cas-button--icon cas-below-md"
        aria-label="Open menu"
        title="Menu"
      >
        <Icon name="menu" />
      </a>
      <MenuDrawer isOpen={isOpen} onOpenChange={setIsOpen} title="Menu" returnFocusRef={toggle}>
        <AreaMenu {...menu} />
      </MenuDrawer>
    </>
  );
}
