import { useId } from 'react';
import { FormField } from '../components/FormField.js';
import { useValueKeptAtHydration } from '../components/useIsHydrated.js';
import { ReferenceComboBox, type SearchOptions } from './ReferenceComboBox.js';
import type { ChoiceOption } from './FilterBar.js';


export interface ReferencePickerProps {
  readonly label: string;
  /** The form field the chosen record's id is posted as. */
  readonly name: string;
  readonly options: readonly ChoiceOption[];
  /** The chosen record's id (empty for none). */
  readonly defaultValue?: string;
  /** The empty choice of the native select ("Unassigned", "Choose a category"); none when left out. */
  readonly noneLabel?: string;
  /** Server-side search for lists too long to send whole. */
  readonly search?: SearchOptions;
  readonly isRequired?: boolean;
}

/**
 * A picker of one record for an area's own forms, the same as the generic forms' reference fields: the combobox
 * once JavaScript runs (type to narrow, arrow keys, the chosen label shown); before that, and without JavaScript,
 * a native select of the same choices posting the same field.
 */
export function ReferencePicker({
  label,
  name,
  options,
  defaultValue = '',
  noneLabel,
  search,
  isRequired = false,
}: ReferencePickerProps) {
  // A record chosen in the native select while the page was loading stays chosen in the combobox.
  const { isHydrated, value, ref } = useValueKeptAtHydration<HTMLSelectElement>(defaultValue);
  const id = `reference-${useId()}`;
  if (!isHydrated) {
    // The same field style as the combobox it turns into, so the page does not change look when it hydrates.
    return (
      <FormField label={label} isRequired={isRequired} id={id}>
        {(control) => (
          <select ref={ref} {...control} className="cas-select" name={name} defaultValue={defaultValue} required={isRequired}>
            {noneLabel === undefined ? null : <option value="">{noneLabel}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </FormField>
    );
  }
  return (
    <ReferenceComboBox
      label={label}
      name={name}
      options={options}
      defaultValue={value}
      search={search}
      isRequired={isRequired}
    />
  );
}
