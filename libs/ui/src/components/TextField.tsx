import { useRef, useState, type ReactNode } from 'react';
import {
  FieldError,
  Input,
  Label,
  Text,
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
} from 'react-aria-components';
import { useTakeOverAtHydration } from './useIsHydrated.js';

export interface TextFieldProps extends Omit<AriaTextFieldProps, 'className' | 'children' | 'validationBehavior'> {
  label: ReactNode;
  description?: ReactNode;
  /** A server-side or validation message; marks the field invalid. */
  error?: ReactNode;
  placeholder?: string;
  className?: string;
  /**
   * Extra content after the input (e.g. a show-password button). Pass `null` while the content is not there yet
   * but will be: the input then keeps its place in the page and what was typed into it.
   */
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
export function TextField({
  label,
  description,
  error,
  placeholder,
  className,
  trailing,
  isInvalid,
  value,
  defaultValue,
  onChange,
  ...rest
}: TextFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [ownValue, setOwnValue] = useState(defaultValue ?? '');
  const isControlled = value !== undefined;
  const change = (next: string) => {
    if (!isControlled) setOwnValue(next);
    onChange?.(next);
  };
  // What a person typed while the page was still loading is in the input but not yet in React's state, and the
  // first render after hydration would empty it: take it over as the field's value.
  useTakeOverAtHydration(inputRef, isControlled ? value : ownValue, (typed) => {
    if (!isControlled) change(typed);
  });
  return (
    <AriaTextField
      {...rest}
      value={isControlled ? value : ownValue}
      onChange={change}
      isInvalid={isInvalid ?? Boolean(error)}
      validationBehavior="aria"
      className={className ? `cas-field ${className}` : 'cas-field'}
    >
      <Label className="cas-field__label">
        {label}
        {rest.isRequired ? <RequiredMark /> : null}
      </Label>
      {trailing !== undefined ? (
        <div className="cas-password">
          <Input ref={inputRef} className="cas-input" placeholder={placeholder} />
          {trailing}
        </div>
      ) : (
        <Input ref={inputRef} className="cas-input" placeholder={placeholder} />
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
