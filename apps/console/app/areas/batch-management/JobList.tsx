import { Link, useLoaderData } from '@remix-run/react';
import { JOB_STATES, JOB_STATE_LABELS } from '@campus/domain-batch';
import type { loadJobs } from './batch.server';
import { BATCH_VIEW } from './paths';
import { ChoiceFilter, figure, FilteredList, StateBadge, typeTitle, useLiveData, when } from './parts';
import './batch.css';

/** `tabs/batch-jobs`: every job across batches and queues; stalled jobs flagged. */
export function JobList() {
  const { rows, count, query, typeTitles, search } = useLoaderData<Awaited<ReturnType<typeof loadJobs>>>();
  useLiveData(rows.some((j) => j.state === 'active' || j.state === 'created' || j.state === 'retrying'));
  return (
    <FilteredList
      id="jobs"
      title="Batch Jobs"
      filters={
        <>
          <ChoiceFilter name="queue" label="Type" anyLabel="Any type" value={query.queue} options={Object.entries(typeTitles).sort(([, a], [, b]) => a.localeCompare(b))} />
          <ChoiceFilter name="state" label="State" anyLabel="Any state" value={query.state} options={JOB_STATES.map((s) => [s, JOB_STATE_LABELS[s]] as const)} />
          <label>
            Search parameters
            <input type="search" name="q" defaultValue={query.q ?? ''} />
          </label>
          <label className="cas-batch-check">
            <input type="checkbox" name="stalled" defaultChecked={Boolean(query.stalled)} /> Stalled only
          </label>
        </>
      }
      columns={['Job', 'State', 'Attempts', 'Units', 'Parameters', 'Last error', 'Created', 'Finished']}
      empty="No jobs"
      rows={rows.map((j) => (
        <tr key={j._id}>
          <th scope="row">
            {j.batchId ? (
              <Link to={`${BATCH_VIEW}?id=${j.batchId}&job=${j._id}#job-log`}>
                {typeTitle(typeTitles, j.queue)} #{j.sequence + 1}
              </Link>
            ) : (
              typeTitle(typeTitles, j.queue)
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
      ))}
      paging={{ count, page: query.page, limit: query.limit, search }}
    />
  );
}
