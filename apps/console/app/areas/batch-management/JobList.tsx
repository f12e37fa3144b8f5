import { Link, useLoaderData } from '@remix-run/react';
import { JOB_STATES, JOB_STATE_LABELS } from '@campus/domain-batch';
import { Checkbox, TextField } from '@campus/ui';
import type { loadJobs } from './batch.server';
import { BATCH_VIEW } from './paths';
import { ChoiceFilter, figure, FilteredList, StalledBadge, StateBadge, typeTitle, useLiveData, when } from './parts';
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
          <TextField label="Search parameters" name="q" type="search" defaultValue={query.q ?? ''} />
          <Checkbox name="stalled" defaultSelected={Boolean(query.stalled)} className="cas-batch-check">
            Stalled only
          </Checkbox>
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
          <td data-label="State">
            <StateBadge kind="job" state={j.state} />
            {j.isStalled ? <StalledBadge /> : null}
          </td>
          <td data-label="Attempts">
            {j.attempts} of {j.retryLimit + 1}
          </td>
          <td data-label="Units">
            {figure(j.unitsDone)} / {figure(j.units)}
            {j.unitsFailed ? ` (${figure(j.unitsFailed)} failed)` : ''}
          </td>
          <td data-label="Parameters">
            <code>{JSON.stringify(j.params)}</code>
          </td>
          <td data-label="Last error">{j.lastError ?? '—'}</td>
          <td data-label="Created">{when(j.createdAt)}</td>
          <td data-label="Finished">{when(j.finishedAt)}</td>
        </tr>
      ))}
      paging={{ count, page: query.page, limit: query.limit, search }}
    />
  );
}
