import { useEffect, useId, useState } from 'react';
import { useLinkComponent } from '../components/Link.js';
import { Button } from '../components/Button.js';
import type { AnyEntity } from '@campus/domain-core';
import { columnLabel } from './format-cell.js';
import { DataForm } from './form-context.js';
import { carriedParams, filterFieldsOf, listHref } from './list-query.js';
import './data.css';

/** A choice in a select: the value posted and the text shown. */
export interface ChoiceOption {
  readonly value: string;
  readonly label: string;
}

/** The choices of one filter field: coded values, the state's values, or the references passed in. */
export function filterChoicesOf(
  entity: AnyEntity,
  name: string,
  referenceOptions: Readonly<Record<string, readonly ChoiceOption[]>> = {},
): readonly ChoiceOption[] | undefined {
  if (name === 'isActive') {
    return [
      { value: 'true', label: 'Active' },
      { value: 'false', label: 'Inactive' },
    ];
  }
  if (name === 'status' && entity.state.kind === 'status') {
    return entity.state.lifecycle.values.map((o) => ({ value: o.value, label: o.label }));
  }
  const f = entity.fields[name];
  if (!f) return undefined;
  switch (f.kind) {
    case 'enum':
    case 'multi-enum':
      return f.options.map((o) => ({ value: String(o.value), label: o.label }));
    case 'boolean':
      return [
        { value: 'true', label: 'Yes' },
        { value: 'false', label: 'No' },
      ];
    case 'reference':
    case 'multi-reference':
      return referenceOptions[name] ?? [];
    default:
      return undefined;
  }
}

export interface FilterBarProps {
  readonly entity: AnyEntity;
  /** Chosen filter values by field name. */
  readonly values: Readonly<Record<string, string>>;
  /** Choices of the reference filters (e.g. campuses), by field name. */
  readonly referenceOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  /** The page's current query string; the form keeps the search, sort and page size. */
  readonly searchParams: string;
}

/** Below this width the filters fold into a "Filters (3)" disclosure. */
export const FILTER_DISCLOSURE_BELOW = 640;

/** The summary of the folded filters: `Filters`, or `Filters (3)` with three chosen. */
export function filtersSummary(values: Readonly<Record<string, string>>): string {
  const count = Object.values(values).filter((v) => v !== '').length;
  return count > 0 ? `Filters (${count})` : 'Filters';
}

/**
 * Whether the filters' disclosure is open: closed as served (so a phone sees rows first); once JavaScript runs,
 * open on wider screens and whenever the window grows past the phone width. Wider screens show the filters without
 * JavaScript too (the style sheet lays the closed disclosure's content out and hides its summary).
 */
function useFiltersOpen(): [boolean, (open: boolean) => void] {
  const [isOpen, setOpen] = useState(false);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const wide = window.matchMedia(`(min-width: ${FILTER_DISCLOSURE_BELOW}px)`);
    if (wide.matches) setOpen(true);
    const onChange = (e: MediaQueryListEvent) => {
      if (e.matches) setOpen(true);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);
  return [isOpen, setOpen];
}

/**
 * A GET form with one select per filter field of the descriptor (and the state field). On a phone (below 640 px)
 * the fields fold into a disclosure whose summary counts the chosen filters ("Filters (3)"); it is a `<details>`,
 * so it opens without JavaScript too.
 */
export function FilterBar({ entity, values, referenceOptions = {}, searchParams }: FilterBarProps) {
  const Link = useLinkComponent();
  const fields = filterFieldsOf(entity);
  const baseId = useId();
  const clear = Object.fromEntries(fields.map((n) => [n, null]));
  const [isOpen, setOpen] = useFiltersOpen();
  return (
    <DataForm
      method="get"
      className="cas-filter-bar"
      aria-label={`Filter ${entity.pluralLabel.toLowerCase()}`}
    >
      {carriedParams(searchParams, fields).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <details
        className="cas-filter-disclosure"
        open={isOpen}
        onToggle={(e) => setOpen(e.currentTarget.open)}
      >
        <summary className="cas-filter-disclosure__summary">{filtersSummary(values)}</summary>
        <div className="cas-filter-disclosure__body">
          {fields.map((name) => {
            const id = `${baseId}-${name}`;
            const choices = filterChoicesOf(entity, name, referenceOptions);
            return (
              <div key={name} className="cas-field cas-filter">
                <label htmlFor={id} className="cas-field__label">
                  {columnLabel(entity, name)}
                </label>
                {choices ? (
                  <select id={id} className="cas-select" name={name} defaultValue={values[name] ?? ''}>
                    <option value="">All</option>
                    {choices.map((c) => (
                      <option key={c.value} value={c.value}>
                        {c.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    className="cas-input"
                    name={name}
                    defaultValue={values[name] ?? ''}
                    maxLength={200}
                  />
                )}
              </div>
            );
          })}
          <div className="cas-filter-actions">
            <Button type="submit" variant="secondary">
              Filter
            </Button>
            {Object.keys(values).length > 0 ? (
              <Link href={listHref(searchParams, clear)}>Clear filters</Link>
            ) : null}
          </div>
        </div>
      </details>
    </DataForm>
  );
}
