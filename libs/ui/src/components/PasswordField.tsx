import { useEffect, useState } from 'react';
import { Button } from './Button.js';
import { Icon } from './Icon.js';
import { TextField, type TextFieldProps } from './TextField.js';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/**
 * A password input with a show/hide button. The button appears only once JavaScript runs, since it cannot
 * work without it; the field itself posts normally either way.
 */
export function PasswordField({ autoComplete = 'current-password', ...rest }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  const [isHydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <TextField
      {...rest}
      autoComplete={autoComplete}
      type={isVisible ? 'text' : 'password'}
      trailing={
        isHydrated ? (
          <Button
            variant="secondary"
            isIconOnly
            aria-label={isVisible ? 'Hide password' : 'Show password'}
            aria-pressed={isVisible}
            onPress={() => setVisible((v) => !v)}
            isDisabled={rest.isDisabled}
          >
            <Icon name="eye" />
          </Button>
        ) : undefined
      }
    />
  );
}
