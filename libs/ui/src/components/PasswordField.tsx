import { useState } from 'react';
import { Button } from './Button.js';
import { Icon } from './Icon.js';
import { TextField, type TextFieldProps } from './TextField.js';
import { useIsHydrated } from './useIsHydrated.js';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'trailing'>;

/**
 * A password input with a show/hide button. The button appears only once JavaScript runs, since it cannot
 * work without it; the field itself posts normally either way. The input sits in the same wrapper before and
 * after, so what a person types while the page is still loading stays in it.
 */
export function PasswordField({ autoComplete = 'current-password', ...rest }: PasswordFieldProps) {
  const [isVisible, setVisible] = useState(false);
  const isHydrated = useIsHydrated();
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
        ) : null
      }
    />
  );
}
