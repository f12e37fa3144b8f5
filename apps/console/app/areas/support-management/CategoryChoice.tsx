import { Form } from '@remix-run/react';
import { Button, Select, useIsHydrated } from '@campus/ui';

export interface CategoryChoiceProps {
  /** The form's accessible name. */
  readonly formLabel: string;
  readonly label: string;
  readonly placeholder: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly value: string | undefined;
  readonly onChange: (value: string) => void;
  readonly error?: string | undefined;
}

/**
 * The first step of a ticket form (the agents' new ticket and the public help form): the category, since the form
 * asks only for that category's intake fields. With JavaScript the choice shows the form at once; without it the
 * choice is a GET to `?category=` and "Continue" draws the form for it.
 */
export function CategoryChoice({ formLabel, label, placeholder, options, value, onChange, error }: CategoryChoiceProps) {
  const isHydrated = useIsHydrated();
  return (
    <Form method="get" className="cas-panel cas-support-form cas-support-choose" aria-label={formLabel}>
      <Select label={label} name="category" placeholder={placeholder} value={value} onChange={onChange} options={options} isRequired error={error} />
      {isHydrated ? null : (
        <Button type="submit" variant="secondary">
          Continue
        </Button>
      )}
    </Form>
  );
}
