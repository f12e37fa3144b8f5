import { Link, useLoaderData } from '@remix-run/react';
import { BATCH_STATES, BATCH_STATE_LABELS } from '@campus/domain-batch';
import { Checkbox, DateField, TextField } from '@campus/ui';
import type { loadBatches } from './batch.server';
import { BATCH_VIEW } from './paths';
import { ChoiceFilter, FilteredList, ProgressBar, StateBadge, took, typeTitle, useLiveData, when } from './parts';
import './batch.css';

/** `tabs/batch`: the batches, newest first, with filters and live progress. */
export function BatchList() {
  const { rows, count, query, problem, search, typeTitles } = useLoaderData<Awaited<ReturnType<typeof loadBatches>>>();
  useLiveData(rows.some((b) => b.state === 'queued' || b.state === 'running'));
  return (
    <FilteredList
      id="batches"
      title="Batches"
      problem={problem}
      filters={
        <>
          <ChoiceFilter name="type" label="Type" anyLabel="Any type" value={query.type} options={Object.entries(typeTitles).sort(([, a], [, b]) => a.localeCompare(b))} />
          <ChoiceFilter name="state" label="State" anyLabel="Any state" value={query.state} options={BATCH_STATES.map((s) => [s, BATCH_STATE_LABELS[s]] as const)} />
          <DateField label="From" name="from" defaultValue={query.from ?? ''} />
          <DateField label="To" name="to" defaultValue={query.to ?? ''} />
          <TextField label="Search parameters" name="q" type="search" defaultValue={query.q ?? ''} placeholder="resource, file name…" />
          <Checkbox name="mine" defaultSelected={Boolean(query.requestedById)} className="cas-batch-check">
            Only mine
          </Checkbox>
        </>
      }
      columns={[
        { key: 'batch', header: 'Batch', cell: (b) => <Link to={`${BATCH_VIEW}?id=${b._id}`}>{b.summary}</Link> },
        { key: 'type', header: 'Type', cell: (b) => typeTitle(typeTitles, b.type) },
        { key: 'requester', header: 'Requested by', cell: (b) => b.requestedByName ?? '—' },
        { key: 'state', header: 'State', cell: (b) => <StateBadge kind="batch" state={b.state} /> },
        {
          key: 'progress',
          header: 'Progress',
          cell: (b) => <ProgressBar done={b.done} failed={b.failed} total={b.total} countsJobs={b.countsJobs} progress={b.progress} label={`Progress of ${b.summary}`} />,
        },
        { key: 'started', header: 'Started', cell: (b) => when(b.startedAt) },
        { key: 'finished', header: 'Finished', cell: (b) => when(b.finishedAt) },
        { key: 'duration', header: 'Duration', cell: (b) => took(b.durationMs) },
      ]}
      empty="No batches"
      rows={rows}
      paging={{ count, page: query.page, limit: query.limit, search }}
    />
  );
}
