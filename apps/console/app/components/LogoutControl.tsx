import { ConfirmDialog, dialogTriggerProps, Icon } from '@campus/ui';
import { useState, type ReactNode } from 'react';

export const LOGOUT_TITLE = 'Logout Confirmation';
export const LOGOUT_QUESTION = 'Are you sure you want to logout?';

export interface LogoutControlProps {
  /** How the trigger looks: a side-menu item or a header icon. */
  variant: 'menu' | 'icon';
}

/**
 * Logout (spec §2): with JavaScript a dialog asks `Are you sure you want to logout?` (OK posts the logout,
 * Cancel closes); without it the link opens the /logout page that asks the same question.
 */
export function LogoutControl({ variant }: LogoutControlProps) {
  const [isOpen, setOpen] = useState(false);
  const trigger = dialogTriggerProps('/logout', () => setOpen(true));
  let content: ReactNode;
  if (variant === 'menu') {
    content = (
      <a {...trigger} className="cas-menu__item" title="Logout">
        <Icon name="logout" size={18} />
        <span className="cas-menu__label">Logout</span>
      </a>
    );
  } else {
    content = (
      <a {...trigger} className="cas-button cas-button--ghost cas-button--icon" aria-label="Logout" title="Logout">
        <Icon name="logout" />
      </a>
    );
  }
  return (
    <>
      {content}
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={LOGOUT_TITLE}
        description={LOGOUT_QUESTION}
        confirmForm={{ action: '/logout' }}
      />
    </>
  );
}
