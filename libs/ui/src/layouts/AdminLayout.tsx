import type { MouseEvent, ReactNode } from 'react';
import { Icon, type IconName } from '../components/Icon.js';
import { useLinkComponent } from '../components/Link.js';

export interface AdminLayoutProps {
  header: ReactNode;
  menu: ReactNode;
  /** The collapsed menu shows icons only (hidden entirely under 753 px). */
  isMenuCollapsed?: boolean;
  children: ReactNode;
}

/** Admin layout (spec §2): header across the top, a collapsible side menu and the content. */
export function AdminLayout({ header, menu, isMenuCollapsed = false, children }: AdminLayoutProps) {
  return (
    <div className="cas-layout-admin" data-menu-collapsed={String(isMenuCollapsed)}>
      <a className="cas-skip-link" href="#main">
        Skip to content
      </a>
      <div className="cas-layout-admin__header">{header}</div>
      <aside className="cas-layout-admin__menu" id="side-menu">
        {menu}
      </aside>
      <main id="main" className="cas-layout-admin__content cas-page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export interface SideMenuProps {
  label?: string;
  children: ReactNode;
}

export function SideMenu({ label = 'Side menu', children }: SideMenuProps) {
  return (
    <nav className="cas-menu" aria-label={label}>
      {children}
    </nav>
  );
}

export interface SideMenuSectionProps {
  title?: string;
  children: ReactNode;
}

export function SideMenuSection({ title, children }: SideMenuSectionProps) {
  return (
    <div className="cas-menu__section">
      {title ? <h2 className="cas-menu__section-title">{title}</h2> : null}
      <ul className="cas-menu__list">{children}</ul>
    </div>
  );
}

export interface SideMenuItemProps {
  href: string;
  label: string;
  icon?: IconName;
  isCurrent?: boolean;
  /** `_blank` opens a new window (e.g. Manage Profile). */
  target?: '_blank';
  onClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
  'aria-haspopup'?: 'dialog';
}

export function SideMenuItem({ href, label, icon = 'folder', isCurrent, target, onClick, ...rest }: SideMenuItemProps) {
  const Link = useLinkComponent();
  return (
    <li>
      <Link
        href={href}
        className="cas-menu__item"
        aria-current={isCurrent ? 'page' : undefined}
        title={label}
        onClick={onClick}
        {...(target ? { target, rel: 'noopener' } : {})}
        {...rest}
      >
        <Icon name={icon} size={18} />
        <span className="cas-menu__label">{label}</span>
      </Link>
    </li>
  );
}
