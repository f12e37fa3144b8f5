import { clsx } from 'clsx';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children'> {
  variant?: ButtonVariant;
  /** A square button holding only an icon; give it an `aria-label`. */
  isIconOnly?: boolean;
  className?: string;
  children?: ReactNode;
  /** Posted with the form as `name=value` (e.g. `intent`). */
  value?: string;
}

export function buttonClassName(variant: ButtonVariant = 'primary', isIconOnly = false, className?: string): string {
  return clsx('cas-button', variant !== 'primary' && `cas-button--${variant}`, isIconOnly && 'cas-button--icon', className);
}

/**
 * A button on React Aria. `type` defaults to `button`; use `type="submit"` inside a `<form>` so the form works
 * without JavaScript.
 */
export function Button({ variant = 'primary', isIconOnly = false, className, children, ...rest }: ButtonProps) {
  return (
    <AriaButton {...rest} className={buttonClassName(variant, isIconOnly, className)}>
      {children}
    </AriaButton>
  );
}

export interface ButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant;
  isIconOnly?: boolean;
}

/** A link that looks like a button (navigation, not an action). */
export function ButtonLink({ variant = 'primary', isIconOnly = false, className, ...rest }: ButtonLinkProps) {
  return <a {...rest} className={buttonClassName(variant, isIconOnly, className)} />;
}
