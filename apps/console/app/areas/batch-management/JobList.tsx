import { Form, Link, useLoaderData } from '@remix-run/react';
import { JOB_STATES, JOB_STATE_LABELS, jobTypeLabel } from '@campus/domain-batch';
import { DataFormProvider, Pagination } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import type { loadJobs } from './batch.server';
import { BATCH_VIEW } from './paths';
import { figure, StateBadge, useLiveData, when } from './parts';
import './batch.css';

/** `tabs/batch-jobs`: every job across batches and queues; stalled jobs flagged. */
export function JobList() {
  const { rows, count, query, queues, search } = useLoaderData<Awaited<ReturnType<typeof loadJobs>>>();
  useLiveData(rows.some((j) => j.state === 'active' || j.state === 'created' || j.state === 'retrying'));
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby="jobs-title" className="cas-batch">
        <h1 id="jobs-title" className="cas-page-title">
          Batch Jobs
        </h1>
        <Form method="get" className="cas-batch-filters" aria-label="Filter jobs">
          <label>
            Queue
            <select name="queue" defaultValue={query.queue ?? ''}>
              <option value="">Any queue</option>
              {queues.map((q) => (
                <option key={q} value={q}>
                  {jobTypeLabel(q)}
                </option>
              ))}
            </select>
          </label>
          <label>
            State
            <select name="state" defaultValue={query.state ?? ''}>
              <option value="">Any state</option>
              {JOB_STATES.map((s) => (
                <option key={s} value={s}>
                  {JOB_STATE_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Search parameters
            <input type="search" name="q" defaultValue={query.q ?? ''} />
          </label>
          <label className="cas-batch-check">
            <input type="checkbox" name="stalled" defaultChecked={Boolean(query.stalled)} /> Stalled only
          </label>
          <button type="submit" className="cas-button">
            Filter
          </button>
        </Form>
        <div className="cas-data-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Attempts</th>
                <th scope="col">Units</th>
                <th scope="col">Parameters</th>
                <th scope="col">Last error</th>
                <th scope="col">Created</th>
                <th scope="col">Finished</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={8} className="cas-data-table-empty">
                    No jobs
                  </td>
                </tr>
              ) : (
                rows.map((j) => (
                  <tr key={j._id}>
                    <th scope="row">
                      {j.batchId ? (
                        <Link to={`${BATCH_VIEW}?id=${j.batchId}&job=${j._id}#job-log`}>
                          {jobTypeLabel(j.queue)} #{j.sequence + 1}
                        </Link>
                      ) : (
                        `${jobTypeLabel(j.queue)}`
                      )}
                    </th>
                    <td>
                      <StateBadge kind="job" state={j.state} />
                      {j.isStalled ? <span className="cas-batch-state cas-batch-state--stalled">Stalled</span> : null}
                    </td>
                    <td>
                      {j.attempts} of {j.retryLimit + 1}
                    </td>
                    <td>
                      {figure(j.unitsDone)} / {figure(j.units)}
                      {j.unitsFailed ? ` (${figure(j.unitsFailed)} failed)` : ''}
                    </td>
                    <td>
                      <code>{JSON.stringify(j.params)}</code>
                    </td>
                    <td>{j.lastError ?? '—'}</td>
                    <td>{when(j.createdAt)}</td>
                    <td>{when(j.finishedAt)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <Pagination count={count} page={query.page} limit={query.limit} searchParams={search.replace(/^\?/, '')} />
      </section>
    </DataFormProvider>
  );
}
