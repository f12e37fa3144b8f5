import { useId, type ReactNode } from 'react';
import { FieldNotes } from './FormField.js';

export interface RadioOption {
  readonly value: string;
  readonly label: ReactNode;
  readonly isDisabled?: boolean;
}

export interface RadioGroupProps {
  /** The question the choice answers; the group's legend. */
  readonly label: ReactNode;
  readonly name: string;
  readonly options: readonly RadioOption[];
  readonly defaultValue?: string;
  readonly description?: ReactNode;
  /** The error to show; also marks the choices invalid. */
  readonly error?: ReactNode;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  /** `row` lays the choices side by side (a rating 1–5); `column` one under the other (default). */
  readonly orientation?: 'row' | 'column';
  readonly onChange?: (value: string) => void;
}

/**
 * A choice among a few options shown at once (a rating, a yes/no): native radio buttons in a `fieldset` whose legend
 * is the label, so it posts with any form and without JavaScript, arrow keys move between the choices, and the
 * description and error are announced with the group.
 */
export function RadioGroup({
  label,
  name,
  options,
  defaultValue,
  description,
  error,
  isRequired,
  isDisabled,
  orientation = 'column',
  onChange,
}: RadioGroupProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className="cas-radio-group"
      data-orientation={orientation}
      data-invalid={error ? true : undefined}
      aria-describedby={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
      disabled={isDisabled}
    >
      <legend className="cas-field__label">
        {label}
        {isRequired ? (
          <span className="cas-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </legend>
      <div className="cas-radio-group__options">
        {options.map((o) => (
          <label key={o.value} className="cas-radio">
            <input
              type="radio"
              className="cas-radio__input"
              name={name}
              value={o.value}
              defaultChecked={defaultValue === o.value}
              required={isRequired}
              disabled={o.isDisabled}
              aria-invalid={error ? true : undefined}
              onChange={(e) => {
                if (e.currentTarget.checked) onChange?.(o.value);
              }}
            />
            <span>{o.label}</span>
          </label>
        ))}
      </div>
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </fieldset>
  );
}
