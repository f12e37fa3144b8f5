import type { ReactNode } from 'react';
import { AdminLayout } from '@campus/ui';
import { useShell } from '../lib/use-shell';
import { AreaMenu } from './AreaMenu';
import { ShellHeader } from './ShellHeader';
import { useMenuToggle } from './use-menu-toggle';

/**
 * The admin layout (spec §2) for a page that belongs to no area, such as the notification centre: header, and the
 * side menu with Go Back Home and Account Management.
 */
export function AreaLayout({ children }: { children: ReactNode }) {
  const shell = useShell();
  const { collapsed, toggle } = useMenuToggle(shell.isMenuCollapsed);
  return (
    <AdminLayout isMenuCollapsed={collapsed} header={<ShellHeader shell={shell} start={toggle} />} menu={<AreaMenu sections={[]} />}>
      {children}
    </AdminLayout>
  );
}
