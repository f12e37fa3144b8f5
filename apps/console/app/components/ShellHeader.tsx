import { AppHeader, HeaderBrand, HeaderSpacer, HeaderUser, Icon, OnlineStatus } from '@campus/ui';
import type { ReactNode } from 'react';
import { APP_TITLE, ROLE_LABEL } from '../lib/constants';
import type { ShellData } from '../lib/shell';
import { AppsPopover } from './AppsPopover';
import { LogoutControl } from './LogoutControl';

/**
 * The header of the home and admin layouts (spec §1, §2): optional menu toggle, logo and name, the online
 * indicator, the apps popover, the logout icon, and the user's name (→ /profile) with the fixed role label.
 */
export function ShellHeader({
  shell,
  currentCode,
  start,
  tools,
}: {
  shell: ShellData;
  currentCode?: string;
  start?: ReactNode;
  /** Extra header buttons of the layout (e.g. the keyboard help), before the online indicator. */
  tools?: ReactNode;
}) {
  const { user } = shell;
  return (
    <AppHeader>
      {start}
      <HeaderBrand href="/app" name={APP_TITLE} />
      <HeaderSpacer />
      {tools}
      <OnlineStatus />
      <a className="cas-header-notifications" href="/app/notifications">
        <Icon name="bell" />
        <span className="cas-header-notifications-label">Notifications</span>
        {shell.unreadNotifications ? (
          <span className="cas-header-badge">
            {shell.unreadNotifications > 99 ? '99+' : shell.unreadNotifications}
            <span className="cas-visually-hidden"> unread</span>
          </span>
        ) : null}
      </a>
      <AppsPopover applications={shell.applications} currentCode={currentCode} />
      <LogoutControl variant="icon" />
      <HeaderUser href="/profile" firstName={user.firstName} lastName={user.lastName} role={ROLE_LABEL} avatarSrc={user.avatar} />
    </AppHeader>
  );
}
