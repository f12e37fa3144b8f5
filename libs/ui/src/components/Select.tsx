import type { ChangeEvent, ReactNode } from 'react';
import { FormField } from './FormField.js';

export interface SelectOption {
  value: string;
  label: string;
  isDisabled?: boolean;
}

export interface SelectProps {
  label: ReactNode;
  name?: string;
  options: readonly SelectOption[];
  defaultValue?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Shown as an empty first option. */
  placeholder?: string;
  description?: ReactNode;
  error?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  id?: string;
  className?: string;
  /** Submit the enclosing form when the choice changes (with JavaScript). */
  submitOnChange?: boolean;
}

/**
 * A choice among a few options. It is a native `<select>`: it renders on the server, posts with any
 * `<form>` and is fully usable without JavaScript and with every assistive technology, which a popover listbox
 * cannot offer before hydration.
 */
export function Select({
  label,
  name,
  options,
  defaultValue,
  value,
  onChange,
  placeholder,
  description,
  error,
  isRequired,
  isDisabled,
  id,
  className,
  submitOnChange,
}: SelectProps) {
  const handleChange = (e: ChangeEvent<HTMLSelectElement>) => {
    onChange?.(e.target.value);
    if (submitOnChange) e.target.form?.requestSubmit();
  };
  return (
    <FormField label={label} description={description} error={error} isRequired={isRequired} id={id} className={className}>
      {(control) => (
        <select
          {...control}
          className="cas-select"
          name={name}
          disabled={isDisabled}
          {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? '' })}
          onChange={handleChange}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.isDisabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
