import * as RadixPopover from '@radix-ui/react-popover';
import type { ReactElement, ReactNode } from 'react';

export interface PopoverProps {
  /** The element that opens the popover (a button, or a link that works without JavaScript). */
  trigger: ReactElement;
  /** Accessible title shown at the top of the popover. */
  title?: ReactNode;
  children: ReactNode;
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
  align?: 'start' | 'center' | 'end';
  label?: string;
}

/** A non-modal popover on Radix, positioned beside its trigger; Escape or a click outside closes it. */
export function Popover({ trigger, title, children, isOpen, onOpenChange, align = 'end', label }: PopoverProps) {
  return (
    <RadixPopover.Root {...(isOpen !== undefined ? { open: isOpen } : {})} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content className="cas-popover" align={align} sideOffset={8} aria-label={label}>
          {title ? <h2 className="cas-popover__title">{title}</h2> : null}
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
