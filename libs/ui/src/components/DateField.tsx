import { toIsoDate, type DateInput } from '@campus/formatters';
import { useId, useState, type ReactNode } from 'react';
import { FieldNotes, FormField } from './FormField.js';

export interface DateFieldProps {
  readonly label: ReactNode;
  readonly name?: string;
  /** A calendar date `yyyy-mm-dd` or an instant (shown as its day in Asia/Manila). */
  readonly defaultValue?: DateInput;
  readonly min?: DateInput;
  readonly max?: DateInput;
  readonly description?: ReactNode;
  readonly error?: ReactNode;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  readonly id?: string;
  /** Marks the input invalid without an error of its own (a range's error is shown once, under the range). */
  readonly isInvalid?: boolean;
  /** Called with the chosen `yyyy-mm-dd` (empty when cleared). */
  readonly onChange?: (value: string) => void;
}

/**
 * A date: the browser's own date input (its picker, keyboard entry and screen-reader support, posting `yyyy-mm-dd`
 * with or without JavaScript) in the design system's field style, with label, description and error.
 */
export function DateField({
  label,
  name,
  defaultValue,
  min,
  max,
  description,
  error,
  isRequired,
  isDisabled,
  id,
  isInvalid,
  onChange,
}: DateFieldProps) {
  return (
    <FormField label={label} description={description} error={error} isRequired={isRequired} id={id}>
      {(control) => (
        <input
          {...control}
          aria-invalid={control['aria-invalid'] ?? (isInvalid || undefined)}
          type="date"
          className="cas-input cas-date-input"
          name={name}
          defaultValue={toIsoDate(defaultValue) || undefined}
          min={toIsoDate(min) || undefined}
          max={toIsoDate(max) || undefined}
          required={isRequired}
          disabled={isDisabled}
          onChange={(e) => onChange?.(e.currentTarget.value)}
        />
      )}
    </FormField>
  );
}

export interface DateRangeProps {
  /** The question the two dates answer ("Period", "Leave dates"). */
  readonly label: ReactNode;
  readonly startName: string;
  readonly endName: string;
  readonly startLabel?: string;
  readonly endLabel?: string;
  readonly defaultStart?: DateInput;
  readonly defaultEnd?: DateInput;
  readonly min?: DateInput;
  readonly max?: DateInput;
  readonly description?: ReactNode;
  /** An error about the range as a whole (shown under it, both dates marked invalid). */
  readonly error?: ReactNode;
  readonly isRequired?: boolean;
}

/**
 * Two dates, from and to, in one group (`fieldset` with the label as its legend). Once JavaScript runs, the end
 * cannot be set before the start (the picker's minimum follows the start); the server checks the order either way.
 */
export function DateRange({
  label,
  startName,
  endName,
  startLabel = 'From',
  endLabel = 'To',
  defaultStart,
  defaultEnd,
  min,
  max,
  description,
  error,
  isRequired,
}: DateRangeProps) {
  const [start, setStart] = useState(toIsoDate(defaultStart));
  const baseId = useId();
  const descriptionId = description ? `${baseId}-description` : undefined;
  const errorId = error ? `${baseId}-error` : undefined;
  return (
    <fieldset
      className="cas-date-range"
      data-invalid={error ? true : undefined}
      aria-describedby={[errorId, descriptionId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="cas-field__label">{label}</legend>
      <div className="cas-date-range__fields">
        <DateField
          label={startLabel}
          name={startName}
          defaultValue={defaultStart}
          min={min}
          max={max}
          isRequired={isRequired}
          isInvalid={Boolean(error)}
          onChange={setStart}
        />
        <DateField
          label={endLabel}
          name={endName}
          defaultValue={defaultEnd}
          min={start || min}
          max={max}
          isRequired={isRequired}
          isInvalid={Boolean(error)}
        />
      </div>
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </fieldset>
  );
}
