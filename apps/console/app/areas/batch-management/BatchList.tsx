import { Form, Link, useLoaderData } from '@remix-run/react';
import { BATCH_STATES, BATCH_STATE_LABELS, JOB_TYPE_LABELS, jobTypeLabel } from '@campus/domain-batch';
import { DataFormProvider, Pagination } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import type { loadBatches } from './batch.server';
import { BATCH_VIEW } from './paths';
import { ProgressBar, StateBadge, took, useLiveData, when } from './parts';
import './batch.css';

/** `tabs/batch`: the batches, newest first, with filters and live progress. */
export function BatchList() {
  const { rows, count, query, problem, search } = useLoaderData<Awaited<ReturnType<typeof loadBatches>>>();
  useLiveData(rows.some((b) => b.state === 'queued' || b.state === 'running'));
  const searchParams = search.replace(/^\?/, '');
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby="batches-title" className="cas-batch">
        <h1 id="batches-title" className="cas-page-title">
          Batches
        </h1>
        <Form method="get" className="cas-batch-filters" aria-label="Filter batches">
          <label>
            Type
            <select name="type" defaultValue={query.type ?? ''}>
              <option value="">Any type</option>
              {Object.entries(JOB_TYPE_LABELS).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </label>
          <label>
            State
            <select name="state" defaultValue={query.state ?? ''}>
              <option value="">Any state</option>
              {BATCH_STATES.map((s) => (
                <option key={s} value={s}>
                  {BATCH_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            From
            <input type="date" name="from" defaultValue={query.from ?? ''} />
          </label>
          <label>
            To
            <input type="date" name="to" defaultValue={query.to ?? ''} />
          </label>
          <label>
            Search parameters
            <input type="search" name="q" defaultValue={query.q ?? ''} placeholder="resource, file name…" />
          </label>
          <label className="cas-batch-check">
            <input type="checkbox" name="mine" defaultChecked={Boolean(query.requestedById)} /> Only mine
          </label>
          <button type="submit" className="cas-button">
            Filter
          </button>
        </Form>
        {problem ? <p role="alert">{problem}</p> : null}
        <div className="cas-data-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Type</th>
                <th scope="col">Requested by</th>
                <th scope="col">State</th>
                <th scope="col">Progress</th>
                <th scope="col">Started</th>
                <th scope="col">Finished</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="cas-data-table-empty">
                    No batches
                  </td>
                </tr>
              ) : (
                rows.map((b) => (
                  <tr key={b._id}>
                    <th scope="row">
                      <Link to={`${BATCH_VIEW}?id=${b._id}`}>{b.summary}</Link>
                    </th>
                    <td>{jobTypeLabel(b.type)}</td>
                    <td>{b.requestedByName ?? '—'}</td>
                    <td>
                      <StateBadge kind="batch" state={b.state} />
                    </td>
                    <td>
                      <ProgressBar done={b.done} failed={b.failed} total={b.total} progress={b.progress} label={`Progress of ${b.summary}`} />
                    </td>
                    <td>{when(b.startedAt)}</td>
                    <td>{when(b.finishedAt)}</td>
                    <td>{took(b.durationMs)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <Pagination count={count} page={query.page} limit={query.limit} searchParams={searchParams} />
      </section>
    </DataFormProvider>
  );
}
