import * as RadixDialog from '@radix-ui/react-dialog';
import type { MouseEvent, ReactNode } from 'react';
import { Button, buttonClassName } from './Button.js';

export interface DialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/** A modal dialog on Radix: focus is trapped inside, Escape and the overlay close it, focus returns after. */
export function Dialog({ isOpen, onOpenChange, title, description, children }: DialogProps) {
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="cas-dialog__overlay" />
        <RadixDialog.Content className="cas-dialog" {...(description ? {} : { "aria-describedby": undefined })}>
          <RadixDialog.Title className="cas-dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="cas-dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Called on OK when there is no `confirmForm`. */
  onConfirm?: () => void;
  /** OK submits a POST form to this action (so the server does the work). */
  confirmForm?: { action: string; method?: 'post' | 'get'; fields?: Record<string, string> };
  variant?: 'primary' | 'danger';
}

/** A yes/no question: OK confirms (by callback or by posting a form), Cancel closes. */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  description,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  onConfirm,
  confirmForm,
  variant = 'primary',
}: ConfirmDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title={title} description={description}>
      <div className="cas-dialog__actions">
        <Button variant="secondary" onPress={() => onOpenChange(false)}>
          {cancelLabel}
        </Button>
        {confirmForm ? (
          <form method={confirmForm.method ?? 'post'} action={confirmForm.action}>
            {Object.entries(confirmForm.fields ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={buttonClassName(variant)}>
              {confirmLabel}
            </button>
          </form>
        ) : (
          <Button
            variant={variant}
            onPress={() => {
              onConfirm?.();
              onOpenChange(false);
            }}
          >
            {confirmLabel}
          </Button>
        )}
      </div>
    </Dialog>
  );
}

/**
 * Props for a link that opens a dialog when JavaScript runs and otherwise navigates to `href` (a page that
 * asks the same question), so the action stays reachable without JavaScript.
 */
export function dialogTriggerProps(href: string, open: () => void) {
  return {
    href,
    'aria-haspopup': 'dialog' as const,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
      e.preventDefault();
      open();
    },
  };
}
