import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { Icon } from './Icon.js';

export interface CheckboxProps extends Omit<AriaCheckboxProps, 'className' | 'children' | 'validationBehavior'> {
  children: ReactNode;
  className?: string;
}

/** A checkbox on React Aria; a real (visually hidden) input posts `name=value` when checked. */
export function Checkbox({ children, className, ...rest }: CheckboxProps) {
  return (
    <AriaCheckbox {...rest} validationBehavior="aria" className={className ? `cas-toggle ${className}` : 'cas-toggle'}>
      <span className="cas-checkbox__box" aria-hidden="true">
        <Icon name="check" size={14} />
      </span>
      <span>{children}</span>
    </AriaCheckbox>
  );
}
