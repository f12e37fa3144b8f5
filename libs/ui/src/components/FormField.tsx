import { useId, type ReactNode } from 'react';

/** Attributes a control needs so its label, description and error are announced with it. */
export interface FormFieldControlProps {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** The error to show; also marks the control invalid. */
  error?: ReactNode;
  isRequired?: boolean;
  /** Use a given id for the control instead of a generated one. */
  id?: string;
  className?: string;
  children: (control: FormFieldControlProps) => ReactNode;
}

/**
 * Wires a label, a description and an error message to any control through ids and ARIA attributes:
 * `<FormField label="Campus">{(p) => <select {...p} name="campusId">…</select>}</FormField>`.
 */
export function FormField({ label, description, error, isRequired, id, className, children }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `cas-field ${className}` : 'cas-field'} data-invalid={error ? true : undefined}>
      <label className="cas-field__label" htmlFor={controlId}>
        {label}
        {isRequired ? (
          <span className="cas-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': isRequired ? true : undefined,
      })}
      <FieldNotes description={description} descriptionId={descriptionId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * A field's description and error under its control, with the ids its control (or group) names in
 * `aria-describedby`: one markup for every field of the design system.
 */
export function FieldNotes({
  description,
  descriptionId,
  error,
  errorId,
}: {
  readonly description?: ReactNode;
  readonly descriptionId?: string | undefined;
  readonly error?: ReactNode;
  readonly errorId?: string | undefined;
}) {
  return (
    <>
      {description ? (
        <span className="cas-field__description" id={descriptionId}>
          {description}
        </span>
      ) : null}
      {error ? (
        <span className="cas-field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </>
  );
}
