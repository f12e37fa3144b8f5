import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode, RefObject } from 'react';
import { Icon } from '../components/Icon.js';

export interface MenuDrawerProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  /** The drawer's accessible name. */
  readonly title?: string;
  /** The control that opened the drawer: focus goes back to it when the drawer closes. */
  readonly returnFocusRef?: RefObject<HTMLElement | null>;
  /** The side menu (the same `SideMenu` the wide layout shows beside the content). */
  readonly children: ReactNode;
}

/**
 * The side menu as a drawer from the left edge, for screens below the md breakpoint: a modal dialog (Radix), so
 * focus is trapped inside while it is open, Escape, the close button and the overlay close it, and focus returns
 * to the toggle that opened it.
 */
export function MenuDrawer({ isOpen, onOpenChange, title = 'Menu', returnFocusRef, children }: MenuDrawerProps) {
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="cas-dialog__overlay" />
        <RadixDialog.Content
          className="cas-drawer"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The toggle is not a Radix trigger (it is a link to the menu page without JavaScript).
            if (!returnFocusRef?.current) return;
            event.preventDefault();
            returnFocusRef.current.focus();
          }}
        >
          <div className="cas-drawer__head">
            <RadixDialog.Title className="cas-drawer__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="cas-button cas-button--ghost cas-button--icon" aria-label="Close menu">
              <Icon name="close" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
