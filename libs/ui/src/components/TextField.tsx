import type { ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'validationBehavior'> {
  label: ReactNode;
  description?: ReactNode;
  /** A server-side or validation message; marks the field invalid. */
  error?: ReactNode;
  placeholder?: string;
  className?: string;
  /** Extra content after the input (e.g. a show-password button). */
  trailing?: ReactNode;
}

export function RequiredMark() {
  return (
    <span className="cas-field__required" aria-hidden="true">
      *
    </span>
  );
}

/**
 * A labelled text input on React Aria. Validation is announced with ARIA rather than the browser's native
 * bubbles, so a plain `<form method="post">` always reaches the server, which answers with the spec's notices.
 */
export function TextField({ label, description, error, placeholder, className, trailing, isInvalid, ...rest }: TextFieldProps) {
  return (
    <AriaTextField
      {...rest}
      isInvalid={isInvalid ?? Boolean(error)}
      validationBehavior="aria"
      className={className ? `cas-field ${className}` : 'cas-field'}
    >
      <Label className="cas-field__label">
        {label}
        {rest.isRequired ? <RequiredMark /> : null}
      </Label>
      {trailing ? (
        <div className="cas-password">
          <Input className="cas-input" placeholder={placeholder} />
          {trailing}
        </div>
      ) : (
        <Input className="cas-input" placeholder={placeholder} />
      )}
      {description ? (
        <Text slot="description" className="cas-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="cas-field__error">{error}</FieldError>
    </AriaTextField>
  );
}
