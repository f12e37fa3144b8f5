import type { ReactNode } from 'react';
// Each component imports its styles itself: a bundler drops side-effect imports of a re-exporting index.
import './data.css';

export interface RowTableColumn<Row> {
  /** Unique among the table's columns. */
  readonly key: string;
  readonly header: ReactNode;
  /** The column's name on a phone card (the header's text by default, when it is a string). */
  readonly cardLabel?: string;
  readonly cell: (row: Row, index: number) => ReactNode;
  /** Figures: right-aligned, tabular digits. */
  readonly isNumeric?: boolean;
  /** Left out of the phone card (a detail the row's page shows). */
  readonly isMinor?: boolean;
  /** The cell never wraps (dates, references, the row's menu). */
  readonly noWrap?: boolean;
}

export interface RowTableProps<Row> {
  /** Names the table (its caption); shown above it unless `isCaptionHidden`. */
  readonly caption: string;
  readonly isCaptionHidden?: boolean;
  readonly columns: readonly RowTableColumn<Row>[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => string;
  /** The first column is each row's header (`<th scope="row">`) — its name. */
  readonly hasRowHeader?: boolean;
  readonly emptyMessage?: ReactNode;
  /**
   * `cards` (default): below md each row is a card of its labelled cells. `scroll`: the table keeps its columns
   * and scrolls sideways inside its own box (a preview of a file's columns).
   */
  readonly phoneLayout?: 'cards' | 'scroll';
}

/**
 * A table of any rows (a run history, a file's preview) in the data table's style: bordered, with rhythm, its
 * header on the primary tint; below md a card per row or a box that scrolls sideways, never wider than the screen.
 */
export function RowTable<Row>({
  caption,
  isCaptionHidden = false,
  columns,
  rows,
  rowKey,
  hasRowHeader = false,
  emptyMessage = 'Nothing to show.',
  phoneLayout = 'cards',
}: RowTableProps<Row>) {
  const scroll = phoneLayout === 'scroll';
  return (
    <div
      className="cas-data-table cas-row-table"
      data-layout={phoneLayout}
      // A box that scrolls is reachable by keyboard and named, as WCAG asks of scrollable regions.
      {...(scroll ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
    >
      <table>
        <caption className={isCaptionHidden ? 'cas-visually-hidden' : 'cas-row-table__caption'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" data-numeric={c.isNumeric || undefined}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="cas-data-table-empty">
                {emptyMessage}
              </td>
            </tr>
          ) : (
            rows.map((row, i) => (
              <tr key={rowKey(row, i)}>
                {columns.map((c, j) => {
                  const label = c.cardLabel ?? (typeof c.header === 'string' ? c.header : undefined);
                  const common = {
                    'data-numeric': c.isNumeric || undefined,
                    'data-nowrap': c.noWrap || undefined,
                  };
                  return hasRowHeader && j === 0 ? (
                    <th key={c.key} scope="row" {...common}>
                      {c.cell(row, i)}
                    </th>
                  ) : (
                    <td key={c.key} data-label={label} data-minor={c.isMinor || undefined} {...common}>
                      {c.cell(row, i)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
