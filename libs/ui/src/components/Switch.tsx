import type { ReactNode } from 'react';
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from 'react-aria-components';

export interface SwitchProps extends Omit<AriaSwitchProps, 'className' | 'children'> {
  children: ReactNode;
  className?: string;
}

/** An on/off switch; with `name` it posts `name=value` (default `on`) when on, like a checkbox. */
export function Switch({ children, className, ...rest }: SwitchProps) {
  return (
    <AriaSwitch {...rest} className={className ? `cas-toggle ${className}` : 'cas-toggle'}>
      <span className="cas-switch__track" aria-hidden="true">
        <span className="cas-switch__thumb" />
      </span>
      <span>{children}</span>
    </AriaSwitch>
  );
}
