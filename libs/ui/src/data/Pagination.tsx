import { useLinkComponent } from '../components/Link.js';
import { Button } from '../components/Button.js';
import { useId } from 'react';
import { DataForm } from './form-context.js';
import { carriedParams, listHref, PAGE_SIZES } from './list-query.js';
import './data.css';

export interface PaginationProps {
  /** Total number of records matching the list's search and filters. */
  readonly count: number;
  /** The count is an estimate (a large unfiltered list): shown as "about N". */
  readonly isEstimate?: boolean;
  readonly page: number;
  readonly limit: number;
  /** The page's current query string; page links keep everything else. */
  readonly searchParams: string;
  readonly pageSizes?: readonly number[];
}

/** Page numbers to show: first, last, and a window around the current page, with gaps as `null`. */
export function pageWindow(page: number, pages: number, radius = 2): (number | null)[] {
  const shown = new Set<number>([1, pages]);
  for (let p = page - radius; p <= page + radius; p++) if (p >= 1 && p <= pages) shown.add(p);
  const sorted = [...shown].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out[out.length - 1];
    // A gap of one page shows that page; a longer gap shows an ellipsis.
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/**
 * Right-aligned paging for a list: links to pages (so it works without JavaScript) and a page-size choice that is
 * a small GET form keeping the list's search, filters and sort.
 */
export function Pagination({ count, isEstimate = false, page, limit, searchParams, pageSizes = PAGE_SIZES }: PaginationProps) {
  const Link = useLinkComponent();
  const pages = Math.max(1, Math.ceil(count / limit));
  const current = Math.min(page, pages);
  const sizeId = useId();
  const first = count === 0 ? 0 : (current - 1) * limit + 1;
  const last = Math.min(count, current * limit);
  const href = (p: number) => listHref(searchParams, { page: p === 1 ? null : String(p) });
  return (
    <div className="cas-pagination">
      <p className="cas-pagination-summary" aria-live="polite">
        {count === 0 ? 'No records' : `${first}–${last} of ${isEstimate ? 'about ' : ''}${count.toLocaleString('en-US')}`}
      </p>
      <nav aria-label="Pagination">
        <ul>
          <li>
            {current > 1 ? (
              <Link href={href(current - 1)} rel="prev">
                Previous
              </Link>
            ) : (
              <span aria-disabled="true">Previous</span>
            )}
          </li>
          {pageWindow(current, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <Link
                  href={href(p)}
                  aria-label={`Page ${p}`}
                  aria-current={p === current ? 'page' : undefined}
                  data-current={p === current || undefined}
                >
                  {p}
                </Link>
              </li>
            ),
          )}
          <li>
            {current < pages ? (
              <Link href={href(current + 1)} rel="next">
                Next
              </Link>
            ) : (
              <span aria-disabled="true">Next</span>
            )}
          </li>
        </ul>
      </nav>
      <DataForm method="get" className="cas-page-size">
        {carriedParams(searchParams, ['limit']).map(([name, value], i) => (
          <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
        ))}
        <label htmlFor={sizeId} className="cas-field__label">
          Rows per page
        </label>
        <select
          id={sizeId}
          className="cas-select"
          name="limit"
          defaultValue={String(limit)}
          onChange={(e) => e.currentTarget.form?.requestSubmit()}
        >
          {pageSizes.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
        <Button type="submit" variant="ghost">
          Apply
        </Button>
      </DataForm>
    </div>
  );
}
