import type { ReactNode } from 'react';

export interface KeyValueItem {
  readonly label: ReactNode;
  /** Empty, null or undefined shows a dash read out as "Not set". */
  readonly value: ReactNode;
  /** Spans the whole width in the grid layout (long text). */
  readonly isWide?: boolean;
}

export interface KeyValueListProps {
  readonly items: readonly KeyValueItem[];
  /** `rows` (default): label beside value, for side panels; `grid`: label above value in columns, for record pages. */
  readonly layout?: 'rows' | 'grid';
  readonly 'aria-label'?: string;
}

const isEmpty = (v: ReactNode) => v === null || v === undefined || v === '' || v === false;

/** Labelled values as a description list (`<dl>`): a record's fields in a side panel or on a data sheet. */
export function KeyValueList({ items, layout = 'rows', 'aria-label': ariaLabel }: KeyValueListProps) {
  return (
    <dl className="cas-kv" data-layout={layout} aria-label={ariaLabel}>
      {items.map((item, i) => (
        <div key={i} className="cas-kv__item" data-wide={item.isWide || undefined}>
          <dt>{item.label}</dt>
          <dd>
            {isEmpty(item.value) ? (
              <>
                <span aria-hidden="true">—</span>
                <span className="cas-visually-hidden">Not set</span>
              </>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
