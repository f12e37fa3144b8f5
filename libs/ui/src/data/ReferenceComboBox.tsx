import { useEffect, useMemo, useRef, useState } from 'react';
import './data.css';
import {
  Button as AriaButton,
  ComboBox,
  FieldError,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
  type Key,
} from 'react-aria-components';
import { Icon } from '../components/Icon.js';
import type { ChoiceOption } from './FilterBar.js';

/** Asks the server for the choices that match a text (for lists too long to send whole with the page). */
export type SearchOptions = (text: string) => Promise<readonly ChoiceOption[]>;

export interface ReferenceComboBoxProps {
  readonly label: string;
  /** The form field the chosen record's id is posted as. */
  readonly name: string;
  /** Choices sent with the page (the first records by label, and the chosen one). */
  readonly options: readonly ChoiceOption[];
  /** The chosen record's id (empty for none). */
  readonly defaultValue?: string;
  /** Server-side search, asked after a short pause in typing; its finds join the local matches. */
  readonly search?: SearchOptions;
  readonly description?: string;
  readonly error?: string;
  readonly isRequired?: boolean;
  readonly isDisabled?: boolean;
  /** Called with the chosen id ('' for none). */
  readonly onChange?: (value: string) => void;
}

/** Waits this long after the last keystroke before asking the server. */
export const SEARCH_DELAY_MS = 250;

const matches = (option: ChoiceOption, text: string) => option.label.toLowerCase().includes(text.trim().toLowerCase());

/**
 * One accessible combobox for a reference field (React Aria `ComboBox`): type to narrow the choices (locally, and on
 * the server through `search`), arrow keys to move, Enter to choose; the chosen record's label stays in the box and
 * its id is posted under `name`. Needs JavaScript: the generic form renders a native select until the page has
 * hydrated.
 */
export function ReferenceComboBox({
  label,
  name,
  options,
  defaultValue = '',
  search,
  description,
  error,
  isRequired = false,
  isDisabled = false,
  onChange,
}: ReferenceComboBoxProps) {
  // Every choice seen so far, so a record found on the server keeps its label once chosen.
  const [known, setKnown] = useState<ReadonlyMap<string, ChoiceOption>>(() => new Map(options.map((o) => [o.value, o])));
  const [selected, setSelected] = useState<string>(defaultValue);
  const [inputValue, setInputValue] = useState(() => options.find((o) => o.value === defaultValue)?.label ?? '');
  const [found, setFound] = useState<{ text: string; options: readonly ChoiceOption[] } | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  useEffect(() => {
    setKnown((prior) => new Map([...prior, ...options.map((o) => [o.value, o] as const)]));
  }, [options]);

  const selectedLabel = known.get(selected)?.label ?? '';
  // While the box shows the chosen label, every choice is offered (the user opened the list to change it).
  const text = inputValue === selectedLabel ? '' : inputValue.trim();

  useEffect(() => {
    if (!search || !text) return;
    let isCurrent = true;
    setIsSearching(true);
    const timer = setTimeout(() => {
      search(text)
        .then((result) => {
          if (!isCurrent) return;
          setFound({ text, options: result });
          setKnown((prior) => new Map([...prior, ...result.map((o) => [o.value, o] as const)]));
        })
        .catch(() => undefined)
        .finally(() => {
          if (isCurrent) setIsSearching(false);
        });
    }, SEARCH_DELAY_MS);
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [search, text]);

  // The same choices keep the same list: a server answer that adds nothing to the local matches must not hand React
  // Aria a new collection, which would drop the choice the keyboard has moved to just before Enter takes it.
  const shown = useRef<readonly { id: string; label: string }[]>([]);
  const items = useMemo(() => {
    const local = text ? options.filter((o) => matches(o, text)) : options;
    const remote = found && found.text === text ? found.options : [];
    const unique = new Map<string, ChoiceOption>();
    for (const o of [...local, ...remote]) unique.set(o.value, o);
    const next = [...unique.values()].map((o) => ({ id: o.value, label: o.label }));
    const prior = shown.current;
    if (next.length === prior.length && next.every((o, i) => o.id === prior[i]!.id && o.label === prior[i]!.label)) return prior;
    shown.current = next;
    return next;
  }, [text, options, found]);

  const choose = (key: Key | null) => {
    const value = key === null ? '' : String(key);
    setSelected(value);
    setInputValue(known.get(value)?.label ?? '');
    onChange?.(value);
  };

  return (
    <ComboBox
      className="cas-field cas-combobox"
      name={name}
      formValue="key"
      items={items}
      selectedKey={selected || null}
      onSelectionChange={choose}
      inputValue={inputValue}
      onInputChange={(value) => {
        setInputValue(value);
        // Clearing the box clears the choice (an optional reference can be emptied).
        if (value === '' && selected) {
          setSelected('');
          onChange?.('');
        }
      }}
      isRequired={isRequired}
      isInvalid={Boolean(error)}
      isDisabled={isDisabled}
      validationBehavior="aria"
      menuTrigger="input"
      allowsEmptyCollection
    >
      <Label className="cas-field__label">
        {label}
        {isRequired ? (
          <span className="cas-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </Label>
      {/* Marked while the server is asked, so that a test (or a style) can wait for its answer. */}
      <div className="cas-combobox__group" data-searching={isSearching || undefined}>
        <Input className="cas-input cas-combobox__input" placeholder="Type to search" />
        {/* React Aria names the button by this and the field's label: "Show choices Campus". */}
        <AriaButton className="cas-combobox__button" aria-label="Show choices">
          <Icon name="chevronDown" size={16} />
        </AriaButton>
      </div>
      {description ? (
        <Text slot="description" className="cas-field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="cas-field__error">{error}</FieldError>
      <Popover className="cas-combobox__popover" offset={4}>
        <ListBox
          className="cas-combobox__listbox"
          renderEmptyState={() => (
            <span className="cas-combobox__empty">{isSearching ? 'Searching…' : 'No matches'}</span>
          )}
        >
          {(item: { id: string; label: string }) => (
            <ListBoxItem id={item.id} textValue={item.label} className="cas-combobox__option">
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
