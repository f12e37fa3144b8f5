import { useId, useMemo, useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { CheckboxGroup, FieldError, Input, Label, Text, TextArea, TextField } from 'react-aria-components';
import { useLinkComponent } from '../components/Link.js';
import type { AnyEntity, FieldDescriptor } from '@campus/domain-core';
import { applyMask } from '@campus/formatters';
import { Button, buttonClassName } from '../components/Button.js';
import { Checkbox } from '../components/Checkbox.js';
import { FormField } from '../components/FormField.js';
import { Switch } from '../components/Switch.js';
import type { ChoiceOption } from './FilterBar.js';
import { DataForm } from './form-context.js';
import { ReferenceComboBox } from './ReferenceComboBox.js';
import { useIsHydrated, useTakeOverAtHydration, useValueKeptAtHydration } from '../components/useIsHydrated.js';
import {
  formFieldsOf,
  isOn,
  listOf,
  textOf,
  type FormErrors,
  type FormMode,
  type FormValues,
} from './form-encoding.js';
import './data.css';

/** The `intent` of the form's second submit button: save, then open a new form. */
export const SAVE_AND_ADD_INTENT = 'save-and-add';

/** Lists longer than this get a filter box once JavaScript runs. */
const FILTER_FROM = 15;

export interface EntityFormProps {
  readonly entity: AnyEntity;
  readonly mode: FormMode;
  /** Form values to start from: a record (see `encodeRecord`) or what was submitted and rejected. */
  readonly values?: FormValues;
  /** Problems by field name, shown beside each field. */
  readonly errors?: FormErrors;
  /** Problems of the whole form, shown above the fields. */
  readonly formErrors?: readonly string[];
  /** Choices of the reference fields, by field name. */
  readonly referenceOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** Fields shown but not editable (they are not posted). */
  readonly readOnlyFields?: readonly string[];
  /** Server-side search for reference choices, for lists longer than the choices passed in. */
  readonly searchChoices?: SearchChoices;
  /** Fields left out of the form. */
  readonly hiddenFields?: readonly string[];
  /** Where the form posts; the current route when left out. */
  readonly action?: string;
  readonly submitLabel?: string;
  readonly cancelHref?: string;
  readonly isSubmitting?: boolean;
  /** Accessible name of the form, e.g. `New campus`. */
  readonly label?: string;
  /**
   * A second submit button (e.g. `Save and add another`), posted as `intent=save-and-add`: the action saves and
   * opens a new form.
   */
  readonly saveAndAddLabel?: string;
  /** Extra hidden inputs or controls, placed before the buttons. */
  readonly children?: ReactNode;
}

/**
 * A create or edit form generated from an entity descriptor. Every control is named after its field and the form
 * is a plain POST form, so it works without JavaScript; required fields are marked, each field shows its own
 * error, and the values passed in (what was typed, after a rejection) are kept.
 */
export function EntityForm({
  entity,
  mode,
  values = {},
  errors = {},
  formErrors = [],
  referenceOptions = {},
  readOnlyFields = [],
  searchChoices,
  hiddenFields = [],
  action,
  submitLabel = 'Save',
  cancelHref,
  isSubmitting = false,
  label,
  saveAndAddLabel,
  children,
}: EntityFormProps) {
  const Link = useLinkComponent();
  const hidden = new Set(hiddenFields);
  const fields = formFieldsOf(entity, mode).filter(([name]) => !hidden.has(name));
  const errorSummaryId = useId();
  return (
    <DataForm
      method="post"
      action={action}
      noValidate
      className="cas-entity-form"
      aria-label={label}
      aria-describedby={formErrors.length ? errorSummaryId : undefined}
    >
      {formErrors.length ? (
        <div id={errorSummaryId} role="alert" className="cas-form-errors">
          {formErrors.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      ) : null}
      <p className="cas-form-legend">
        Fields marked <span aria-hidden="true">*</span>
        <span className="cas-visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="cas-form-grid">
        {fields.map(([name, f]) => (
          <EntityField
            key={name}
            name={name}
            field={f}
            value={values[name]}
            error={errors[name]?.[0]}
            options={referenceOptions[name]}
            searchChoices={searchChoices}
            isReadOnly={readOnlyFields.includes(name)}
          />
        ))}
      </div>
      {children}
      <div className="cas-form-actions">
        <Button type="submit" isDisabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : submitLabel}
        </Button>
        {saveAndAddLabel ? (
          <Button
            type="submit"
            variant="secondary"
            name="intent"
            value={SAVE_AND_ADD_INTENT}
            isDisabled={isSubmitting}
          >
            {saveAndAddLabel}
          </Button>
        ) : null}
        {cancelHref ? (
          <Link href={cancelHref} className={buttonClassName('secondary')}>
            Cancel
          </Link>
        ) : null}
      </div>
    </DataForm>
  );
}

interface EntityFieldProps {
  readonly name: string;
  readonly field: FieldDescriptor;
  readonly value: unknown;
  readonly error?: string;
  readonly options?: readonly ChoiceOption[];
  readonly isReadOnly: boolean;
  readonly searchChoices?: SearchChoices;
}

function RequiredMark({ isRequired }: { readonly isRequired: boolean }) {
  return isRequired ? (
    <span className="cas-field__required" aria-hidden="true">
      *
    </span>
  ) : null;
}

const INPUT_TYPES: Partial<Record<FieldDescriptor['kind'], string>> = {
  email: 'email',
  url: 'url',
  password: 'password',
  number: 'number',
  integer: 'number',
  date: 'date',
  datetime: 'datetime-local',
  time: 'time',
};

/** One control of the generic form, chosen by the field's kind. */
export function EntityField({
  name,
  field: f,
  value,
  error,
  options,
  isReadOnly,
  searchChoices,
}: EntityFieldProps) {
  const description = f.kind === 'time' ? (f.description ?? '24-hour time, hh:mm:ss') : f.description;
  switch (f.kind) {
    case 'boolean':
      return (
        <SwitchField
          name={name}
          field={f}
          isOn={isOn(value)}
          error={error}
          isReadOnly={isReadOnly}
          description={description}
        />
      );
    case 'enum':
      return (
        <SelectField
          name={name}
          field={f}
          value={textOf(value) ?? ''}
          options={f.options.map((o) => ({ value: String(o.value), label: o.label }))}
          error={error}
          isReadOnly={isReadOnly}
          description={description}
        />
      );
    case 'reference':
      return (
        <ReferenceField
          name={name}
          field={f}
          value={textOf(value) ?? ''}
          options={options ?? []}
          error={error}
          isReadOnly={isReadOnly}
          description={description}
          searchChoices={searchChoices}
        />
      );
    case 'multi-enum':
    case 'multi-reference':
      return (
        <ChoiceGroupField
          name={name}
          field={f}
          values={listOf(value)}
          options={
            f.kind === 'multi-enum'
              ? f.options.map((o) => ({ value: String(o.value), label: o.label }))
              : (options ?? [])
          }
          error={error}
          isReadOnly={isReadOnly}
          description={description}
        />
      );
    default:
      return (
        <TextControl
          name={name}
          field={f}
          value={value}
          error={error}
          isReadOnly={isReadOnly}
          description={description}
        />
      );
  }
}

/**
 * A text, number, date or time input. A field with a government-number mask (`tin`, `health-number`) shows its
 * value masked and keeps it masked while someone types (the form's values are masked again when read, so digits typed without script arrive masked too).
 */
function TextControl({
  name,
  field: f,
  value,
  error,
  isReadOnly,
  description,
}: Omit<ControlProps, 'field'> & { readonly field: FieldDescriptor; readonly value: unknown }) {
  const isInvalid = Boolean(error);
  const isArea = f.kind === 'textarea';
  const mask = 'mask' in f && (f.mask === 'tin' || f.mask === 'health-number') ? f.mask : undefined;
  const initial = f.kind === 'password' ? '' : (textOf(value) ?? '');
  const [text, setText] = useState(() => (mask && initial ? applyMask(mask, initial) : initial));
  const change = (v: string) => setText(mask ? applyMask(mask, v) : v);
  const inputRef = useRef<HTMLInputElement>(null);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  useTakeOverAtHydration(isArea ? areaRef : inputRef, text, change);
  return (
    <TextField
      name={name}
      value={text}
      onChange={change}
      isRequired={f.required}
      isInvalid={isInvalid}
      isDisabled={isReadOnly}
      validationBehavior="aria"
      className={`cas-field${isArea ? ' cas-field--wide' : ''}`}
    >
      <Label className="cas-field__label">
        {f.label}
        <RequiredMark isRequired={f.required} />
      </Label>
      {isArea ? (
        <TextArea ref={areaRef} className="cas-input" maxLength={'max' in f ? f.max : undefined} rows={4} />
      ) : (
        <Input
          ref={inputRef}
          className="cas-input"
          type={INPUT_TYPES[f.kind] ?? 'text'}
          maxLength={
            'max' in f && typeof f.max === 'number' && !INPUT_TYPES[f.kind]?.match(/number|date|time/)
              ? f.max
              : undefined
          }
          step={f.kind === 'time' ? 1 : f.kind === 'number' ? 'any' : undefined}
          min={f.kind === 'number' || f.kind === 'integer' ? f.min : undefined}
          max={f.kind === 'number' || f.kind === 'integer' ? f.max : undefined}
          inputMode={f.kind === 'integer' ? 'numeric' : f.kind === 'number' ? 'decimal' : undefined}
          autoComplete={f.kind === 'password' ? 'new-password' : undefined}
          data-mask={'mask' in f ? f.mask : undefined}
        />
      )}
      {description ? (
        <Text slot="description" className="cas-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="cas-field__error">{error}</FieldError>
    </TextField>
  );
}

interface ControlProps {
  readonly name: string;
  readonly field: FieldDescriptor;
  readonly error?: string;
  readonly isReadOnly: boolean;
  readonly description?: string;
}

function SwitchField({
  name,
  field: f,
  isOn: on,
  error,
  isReadOnly,
  description,
}: ControlProps & { readonly isOn: boolean }) {
  const describedBy = useId();
  return (
    <div className="cas-field cas-field--switch" data-invalid={error ? true : undefined}>
      <Switch
        name={name}
        value="on"
        defaultSelected={on}
        isDisabled={isReadOnly}
        aria-describedby={description || error ? describedBy : undefined}
      >
        {f.label}
      </Switch>
      {description || error ? (
        <span id={describedBy}>
          {description ? <span className="cas-field__description">{description}</span> : null}
          {error ? <span className="cas-field__error">{error}</span> : null}
        </span>
      ) : null}
    </div>
  );
}

function matches(option: ChoiceOption, filter: string): boolean {
  return option.label.toLowerCase().includes(filter.trim().toLowerCase());
}

/** Asks the server for the choices of a reference field that match a text (for lists too long to send whole). */
export type SearchChoices = (field: string, text: string) => Promise<readonly ChoiceOption[]>;

/**
 * A reference field: the combobox once JavaScript runs (type to search, on the server too); before that, and
 * without JavaScript, a native select of the choices sent with the page, which posts the same field.
 */
function ReferenceField({
  name,
  field: f,
  value,
  options,
  error,
  isReadOnly,
  description,
  searchChoices,
}: ControlProps & {
  readonly value: string;
  readonly options: readonly ChoiceOption[];
  readonly searchChoices?: SearchChoices;
}) {
  // A record chosen in the native select while the page was loading stays chosen in the combobox.
  const { isHydrated, value: held, ref } = useValueKeptAtHydration<HTMLSelectElement>(value);
  const search = useMemo(
    () => (searchChoices ? (text: string) => searchChoices(name, text) : undefined),
    [searchChoices, name],
  );
  if (!isHydrated) {
    return (
      <SelectField
        name={name}
        field={f}
        value={value}
        options={options}
        error={error}
        isReadOnly={isReadOnly}
        description={description}
        selectRef={ref}
      />
    );
  }
  // A chosen record outside the choices sent (e.g. typed in an earlier submission) keeps its id as label.
  const known =
    held && !options.some((o) => o.value === held) ? [{ value: held, label: held }, ...options] : options;
  return (
    <ReferenceComboBox
      label={f.label}
      name={name}
      options={known}
      defaultValue={held}
      search={search}
      description={description}
      error={error}
      isRequired={f.required}
      isDisabled={isReadOnly}
    />
  );
}

function SelectField({
  name,
  field: f,
  value: initial,
  options,
  error,
  isReadOnly,
  description,
  selectRef,
}: ControlProps & {
  readonly value: string;
  readonly options: readonly ChoiceOption[];
  /** Given the select element (for a field that replaces it once hydrated). */
  readonly selectRef?: MutableRefObject<HTMLSelectElement | null>;
}) {
  const [value, setValue] = useState(initial);
  const ownRef = useRef<HTMLSelectElement | null>(null);
  const ref = selectRef ?? ownRef;
  useTakeOverAtHydration(ref, value, setValue);
  const isKnown = value === '' || options.some((o) => o.value === value);
  return (
    <FormField label={f.label} description={description} error={error} isRequired={f.required}>
      {(control) => (
        <select
          {...control}
          className="cas-select"
          ref={ref}
          name={name}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          disabled={isReadOnly}
        >
          <option value="">{f.required ? `Choose ${f.label.toLowerCase()}` : '(none)'}</option>
          {isKnown ? null : <option value={value}>{value}</option>}
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

function ChoiceGroupField({
  name,
  field: f,
  values,
  options,
  error,
  isReadOnly,
  description,
}: ControlProps & { readonly values: readonly string[]; readonly options: readonly ChoiceOption[] }) {
  const isHydrated = useIsHydrated();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string[]>([...values]);
  const hasFilter = isHydrated && options.length > FILTER_FROM;
  return (
    <CheckboxGroup
      name={name}
      value={selected}
      onChange={setSelected}
      isRequired={f.required}
      isInvalid={Boolean(error)}
      isDisabled={isReadOnly}
      validationBehavior="aria"
      className="cas-field cas-field--wide cas-choice-group"
    >
      <Label className="cas-field__label">
        {f.label}
        <RequiredMark isRequired={f.required} />
      </Label>
      {hasFilter ? (
        <input
          type="search"
          className="cas-input cas-select-filter"
          aria-label={`Search ${f.label.toLowerCase()}`}
          placeholder="Type to narrow the list"
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
      ) : null}
      <div className="cas-choices">
        {options.length === 0 ? (
          <span className="cas-field__description">Nothing to choose from yet.</span>
        ) : null}
        {options.map((o) => (
          // Hidden, not removed, so a filtered-out choice stays checked and posted.
          <span key={o.value} hidden={Boolean(filter) && !matches(o, filter)}>
            <Checkbox value={o.value}>{o.label}</Checkbox>
          </span>
        ))}
      </div>
      {description ? (
        <Text slot="description" className="cas-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="cas-field__error">{error}</FieldError>
    </CheckboxGroup>
  );
}
