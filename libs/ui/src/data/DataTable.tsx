import type { CSSProperties, ReactNode } from 'react';
import { useLinkComponent } from '../components/Link.js';
import type { AnyEntity } from '@campus/domain-core';
import { cellText, columnLabel, displayNameOf, type EntityRow } from './format-cell.js';
import { ariaSortOf, listHref, nextSort } from './list-query.js';
// Each component imports its styles itself: a bundler drops side-effect imports of a re-exporting index.
import './data.css';

export interface DataTableProps {
  readonly entity: AnyEntity;
  readonly rows: readonly EntityRow[];
  /** The page's current query string; sort links keep its search and filters. */
  readonly searchParams: string;
  /** The current sort (`field` or `-field`). */
  readonly sort: string;
  /** Where a row leads (its edit screen). */
  readonly rowHref: (row: EntityRow) => string;
  /** Columns to show; the descriptor's `listColumns` by default. */
  readonly columns?: readonly string[];
  /** A last column per row, e.g. the state control. */
  readonly renderRowEnd?: (row: EntityRow) => ReactNode;
  readonly rowEndLabel?: string;
  readonly isLoading?: boolean;
  /** A colour and its meaning for a row (e.g. a day's status): the row is tinted and its header names it. */
  readonly rowAccent?: (row: EntityRow) => { readonly color: string; readonly label: string } | undefined;
  readonly emptyMessage?: ReactNode;
  /**
   * Keep the header row in view: the table scrolls inside its own box (at most `maxHeight`, 70vh by default) with
   * the header stuck to its top. Off by default (the table grows with the page).
   */
  readonly stickyHeader?: boolean;
  readonly maxHeight?: string;
}

/** On a phone a row is a card of its first columns (the descriptor lists the main fields first) and its state. */
export const CARD_COLUMNS = 4;

/**
 * The list of an entity as a table: columns from the descriptor, sortable headers as links (`?sort=field`, then
 * `-field`) with `aria-sort`, the first cell of each row a link to its edit screen, and empty and loading states.
 * Below the md breakpoint each row shows as a card: every cell carries its column's label (`data-label`), and
 * columns after the first `CARD_COLUMNS` are left out of the card.
 */
export function DataTable({
  entity,
  rows,
  searchParams,
  sort,
  rowHref,
  columns = entity.listColumns,
  renderRowEnd,
  rowEndLabel = 'Status',
  isLoading = false,
  emptyMessage,
  rowAccent,
  stickyHeader = false,
  maxHeight,
}: DataTableProps) {
  const Link = useLinkComponent();
  const width = columns.length + (renderRowEnd ? 1 : 0);
  return (
    <div
      className="cas-data-table"
      data-loading={isLoading || undefined}
      data-sticky={stickyHeader || undefined}
      // A box that scrolls is reachable by keyboard and named, as WCAG asks of scrollable regions.
      {...(stickyHeader
        ? {
            role: 'region',
            'aria-label': entity.pluralLabel,
            tabIndex: 0,
            style: maxHeight ? ({ '--cas-table-max-height': maxHeight } as CSSProperties) : undefined,
          }
        : {})}
    >
      <table aria-busy={isLoading || undefined}>
        <caption className="cas-visually-hidden">{entity.pluralLabel}</caption>
        <thead>
          <tr>
            {columns.map((name) => {
              const label = columnLabel(entity, name);
              const isSortable = entity.sortFields.includes(name);
              const ariaSort = ariaSortOf(sort, name);
              return (
                <th key={name} scope="col" aria-sort={isSortable ? ariaSort : undefined}>
                  {isSortable ? (
                    <Link
                      className="cas-sort-link"
                      href={listHref(searchParams, { sort: nextSort(sort, name) })}
                    >
                      {label}
                      <span aria-hidden="true" className="cas-sort-mark" data-sort={ariaSort}>
                        {ariaSort === 'ascending' ? ' ▲' : ariaSort === 'descending' ? ' ▼' : ' ↕'}
                      </span>
                    </Link>
                  ) : (
                    label
                  )}
                </th>
              );
            })}
            {renderRowEnd ? <th scope="col">{rowEndLabel}</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={width} className="cas-data-table-empty">
                {isLoading ? 'Loading…' : (emptyMessage ?? `No ${entity.pluralLabel.toLowerCase()} found.`)}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const accent = rowAccent?.(row);
              return (
                <tr
                  key={row._id}
                  data-accent={accent?.label}
                  style={
                    accent
                      ? { background: `color-mix(in srgb, ${accent.color} 22%, transparent)` }
                      : undefined
                  }
                >
                  {columns.map((name, index) => {
                    const text = cellText(entity, name, row);
                    return index === 0 ? (
                      // A one-word value (a reference such as EMP-2011-0042) never breaks at its hyphens.
                      <th key={name} scope="row" data-nowrap={(text !== '' && !/\s/.test(text)) || undefined}>
                        {accent ? (
                          <span className="cas-row-accent" title={accent.label}>
                            <span
                              aria-hidden="true"
                              className="cas-row-accent__swatch"
                              style={{ background: accent.color }}
                            />
                            <span className="cas-visually-hidden">{accent.label}: </span>
                          </span>
                        ) : null}
                        <Link href={rowHref(row)} title={`Edit ${displayNameOf(entity, row)}`}>
                          {text || `Edit ${displayNameOf(entity, row)}`}
                        </Link>
                      </th>
                    ) : (
                      <td
                        key={name}
                        data-label={columnLabel(entity, name)}
                        data-minor={index >= CARD_COLUMNS || undefined}
                        data-empty={text === '' || undefined}
                      >
                        {text}
                      </td>
                    );
                  })}
                  {renderRowEnd ? <td data-label={rowEndLabel}>{renderRowEnd(row)}</td> : null}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
      {isLoading ? (
        <p role="status" className="cas-data-table-loading">
          Loading…
        </p>
      ) : null}
    </div>
  );
}
