import { useId, useRef, useState, type ReactNode } from 'react';
import { DataForm } from '../data/form-context.js';
import { buttonClassName, type ButtonVariant } from './Button.js';
import { ConfirmDialog } from './Dialog.js';
import { useLinkComponent } from './Link.js';

/** The field a confirmed submission carries (`confirmed=yes`); without it the server answers with the confirmation page. */
export const CONFIRMED_FIELD = 'confirmed';

/** Whether a posted form was confirmed (by the dialog, or on the confirmation page). */
export function isConfirmed(form: { get(name: string): unknown }): boolean {
  return form.get(CONFIRMED_FIELD) === 'yes';
}

export interface ConfirmSubmitProps {
  /** The button's text ("Set inactive for all 6,000 matching records"). */
  readonly children: ReactNode;
  readonly title: ReactNode;
  readonly description: ReactNode;
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  readonly variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** Posted with the form as `name=value` (e.g. `intent`). */
  readonly name?: string;
  readonly value?: string;
}

/**
 * A submit button that asks first. Inside a form: with JavaScript, pressing it opens a confirmation dialog and OK
 * submits the form with `confirmed=yes`; without JavaScript the form is submitted without it, and the server answers
 * with `ConfirmPage` (check `isConfirmed(form)` before doing the work), which asks the same question as a page.
 */
export function ConfirmSubmit({
  children,
  title,
  description,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  variant = 'primary',
  name,
  value,
}: ConfirmSubmitProps) {
  const [isOpen, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement | null>(null);
  const confirmedRef = useRef<HTMLInputElement | null>(null);
  return (
    <>
      <input ref={confirmedRef} type="hidden" name={CONFIRMED_FIELD} value="yes" disabled />
      <button
        ref={buttonRef}
        type="submit"
        name={name}
        value={value}
        aria-haspopup="dialog"
        className={buttonClassName(variant)}
        onClick={(e) => {
          if (confirmedRef.current?.disabled === false) return;
          e.preventDefault();
          setOpen(true);
        }}
      >
        {children}
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        cancelLabel={cancelLabel}
        variant={variant}
        onConfirm={() => {
          const button = buttonRef.current;
          const confirmed = confirmedRef.current;
          if (!button?.form || !confirmed) return;
          // The form data is read during the submit event; the field is switched off again right after it.
          confirmed.disabled = false;
          button.form.requestSubmit(button);
          confirmed.disabled = true;
        }}
      />
    </>
  );
}

export interface ConfirmPageProps {
  readonly title: ReactNode;
  readonly description: ReactNode;
  /** Where the confirmed form posts (the same action as the first form; the current URL by default). */
  readonly action?: string;
  /** The fields of the first submission, posted again with `confirmed=yes`. */
  readonly fields: readonly (readonly [string, string])[];
  readonly confirmLabel?: string;
  readonly cancelLabel?: string;
  /** Where Cancel leads (back to the screen the question came from). */
  readonly cancelHref: string;
  readonly variant?: Extract<ButtonVariant, 'primary' | 'danger'>;
  /** The title's heading level (1: this is the page). */
  readonly headingLevel?: 1 | 2;
}

/**
 * The confirmation as a page of its own, for a submission that arrived without `confirmed=yes` (no JavaScript):
 * the question, OK posting the same fields again with `confirmed=yes`, and Cancel as a link back.
 */
export function ConfirmPage({
  title,
  description,
  action,
  fields,
  confirmLabel = 'OK',
  cancelLabel = 'Cancel',
  cancelHref,
  variant = 'primary',
  headingLevel = 1,
}: ConfirmPageProps) {
  const Link = useLinkComponent();
  const titleId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="cas-confirm-page" aria-labelledby={titleId}>
      <Heading id={titleId} className="cas-confirm-page__title">
        {title}
      </Heading>
      <p className="cas-confirm-page__description">{description}</p>
      <DataForm method="post" action={action}>
        {fields
          .filter(([name]) => name !== CONFIRMED_FIELD)
          .map(([name, value], i) => (
            <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
          ))}
        <input type="hidden" name={CONFIRMED_FIELD} value="yes" />
        <div className="cas-dialog__actions">
          <Link href={cancelHref} className={buttonClassName('secondary')}>
            {cancelLabel}
          </Link>
          <button type="submit" className={buttonClassName(variant)}>
            {confirmLabel}
          </button>
        </div>
      </DataForm>
    </section>
  );
}
