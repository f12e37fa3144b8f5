import type { OutboxSummary } from '@campus/api-contract';
import { formatDateTime } from './format';
import { Pagination } from '@campus/ui';

export interface OutboxListProps {
  readonly rows: readonly OutboxSummary[];
  readonly count: number;
  readonly page: number;
  readonly limit: number;
  readonly to: string;
  readonly searchParams: string;
}

/**
 * The outbox: mail the API kept instead of sending (no SMTP server configured) — reset codes today, broadcasts
 * and notices later — newest first, with a search by recipient. A subject opens the message.
 */
export function OutboxList({ rows, count, page, limit, to, searchParams }: OutboxListProps) {
  return (
    <>
      <h1 className="cas-page-title">Outbox</h1>
      <p>Mail kept here instead of sent, because no SMTP server is configured. Newest first.</p>
      <form method="get" className="cas-panel" role="search" aria-label="Outbox">
        <label htmlFor="outbox-to">Recipient</label>{' '}
        <input id="outbox-to" name="to" type="email" defaultValue={to} className="cas-input" autoComplete="off" />{' '}
        <button type="submit" className="cas-button">
          Search
        </button>
      </form>
      <div className="cas-data-table">
        <table>
          <caption className="cas-visually-hidden">Outbox messages</caption>
          <thead>
            <tr>
              <th scope="col">Kept at</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={3}>No mail in the outbox.</td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row._id}>
                  <td>{formatDateTime(row.createdAt)}</td>
                  <td>{row.to}</td>
                  <td>
                    <a href={`/app/access-management/outbox/${row._id}`}>{row.subject}</a>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pagination count={count} page={page} limit={limit} searchParams={searchParams} pageSizes={[limit]} />
    </>
  );
}
