import { Link, useLoaderData } from '@remix-run/react';
import { JOB_STATES, JOB_STATE_LABELS } from '@campus/domain-batch';
import { Checkbox, TextField } from '@campus/ui';
import type { loadJobs } from './batch.server';
import { BATCH_VIEW } from './paths';
import { ChoiceFilter, FilteredList, JOB_COLUMNS, typeTitle, useLiveData, when } from './parts';
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
      columns={[
        {
          key: 'job',
          header: 'Job',
          cell: (j) =>
            j.batchId ? (
              <Link to={`${BATCH_VIEW}?id=${j.batchId}&job=${j._id}#job-log`}>
                {typeTitle(typeTitles, j.queue)} #{j.sequence + 1}
              </Link>
            ) : (
              typeTitle(typeTitles, j.queue)
            ),
        },
        JOB_COLUMNS.state,
        JOB_COLUMNS.attempts,
        JOB_COLUMNS.units,
        { key: 'params', header: 'Parameters', cell: (j) => <code className="cas-batch-params">{JSON.stringify(j.params)}</code> },
        JOB_COLUMNS.error,
        { key: 'created', header: 'Created', cell: (j) => when(j.createdAt) },
        JOB_COLUMNS.finished,
      ]}
      empty="No jobs"
      rows={rows}
      paging={{ count, page: query.page, limit: query.limit, search }}
    />
  );
}
