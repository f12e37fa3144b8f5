import { Input, Label, SearchField } from 'react-aria-components';
import { Button } from '../components/Button.js';
import { DataForm } from './form-context.js';
import { carriedParams } from './list-query.js';
import './data.css';

export interface SearchFormProps {
  /** The current free-text search. */
  readonly q: string;
  /** The page's current query string; the form keeps filters, sort and page size. */
  readonly searchParams: string;
  /** What is searched, e.g. `Search campuses`. */
  readonly label: string;
  readonly placeholder?: string;
}

/** A GET form with `q`: the list's free-text search (works without JavaScript; Escape clears it; `/` focuses it). */
export function SearchForm({ q, searchParams, label, placeholder }: SearchFormProps) {
  return (
    <DataForm method="get" role="search" className="cas-search-form" aria-label={label}>
      {carriedParams(searchParams, ['q']).map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <SearchField name="q" defaultValue={q} className="cas-field">
        <Label className="cas-field__label">{label}</Label>
        <Input className="cas-input" placeholder={placeholder} maxLength={200} data-shortcut="search" aria-keyshortcuts="/" />
      </SearchField>
      <Button type="submit">Search</Button>
    </DataForm>
  );
}
