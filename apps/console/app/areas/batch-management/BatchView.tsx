import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { JOB_STATE_LABELS, MISSED_RUN_POLICIES, MISSED_RUN_LABELS, type JobState } from '@campus/domain-batch';
import { Button, Checkbox, ConfirmPage, ConfirmSubmit, DataFormProvider, Pagination, RowTable, Select, TextField } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import type { BatchConfirmation, BatchViewData } from './batch.server';
import { BATCH_LIST, BATCH_VIEW } from './paths';
import { batchQuestion, figure, JOB_COLUMNS, ProgressBar, StateBadge, took, typeTitle, useLiveData, when } from './parts';
import './batch.css';

/**
 * `tabs/batch-view`: one batch (its parameters, progress, jobs and their logs, cancel / retry / pause) with the
 * schedule of its own job type, if it has one; without a batch, every schedule.
 */
export function BatchView() {
  const data = useLoaderData<BatchViewData>();
  const answer = useActionData<{ confirm?: BatchConfirmation }>();
  const { batch } = data;
  useLiveData(Boolean(!answer?.confirm && batch && (batch.state === 'queued' || batch.state === 'running')));
  // A cancel or retry posted without JavaScript asks its question as a page first.
  if (answer?.confirm) {
    return (
      <DataFormProvider form={RouterForm}>
        <ConfirmPage {...answer.confirm} variant={answer.confirm.intent === 'cancel' ? 'danger' : 'primary'} />
      </DataFormProvider>
    );
  }
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby="batch-title" className="cas-batch">
        <h1 id="batch-title" className="cas-page-title">
          Batch View
        </h1>
        {batch ? <OneBatch data={data} /> : <p>Choose a batch from the <Link to={BATCH_LIST}>list of batches</Link> to see it here.</p>}
        {data.canSteer ? <Schedules data={data} /> : null}
      </section>
    </DataFormProvider>
  );
}

function OneBatch({ data }: { data: BatchViewData }) {
  const batch = data.batch!;
  const isOpen = batch.state === 'queued' || batch.state === 'running';
  const failedJobs = (batch.counts['failed'] ?? 0) + (batch.counts['dead-letter'] ?? 0);
  const jobsToRun = (batch.counts['created'] ?? 0) + (batch.counts['retrying'] ?? 0) + (batch.counts['active'] ?? 0);
  const file = batch.result && typeof batch.result.fileName === 'string' ? batch.result.fileName : null;
  return (
    <>
      <section className="cas-panel" aria-labelledby="batch-summary">
        <h2 id="batch-summary">{batch.summary}</h2>
        <ProgressBar done={batch.done} failed={batch.failed} total={batch.total} countsJobs={batch.countsJobs} progress={batch.progress} label="Batch progress" />
        <dl className="cas-batch-facts">
          <dt>Type</dt>
          <dd>{typeTitle(data.typeTitles, batch.type)}</dd>
          <dt>State</dt>
          <dd>
            <StateBadge kind="batch" state={batch.state} />
          </dd>
          <dt>Requested by</dt>
          <dd>{batch.requestedByName ?? '—'}</dd>
          <dt>Created</dt>
          <dd>{when(batch.createdAt)}</dd>
          <dt>Started</dt>
          <dd>{when(batch.startedAt)}</dd>
          <dt>Finished</dt>
          <dd>{when(batch.finishedAt)}</dd>
          <dt>Duration</dt>
          <dd>{took(batch.durationMs)}</dd>
          <dt>Jobs</dt>
          <dd>
            {Object.entries(batch.counts)
              .map(([state, n]) => `${JOB_STATE_LABELS[state as JobState] ?? state}: ${figure(n)}`)
              .join(' · ') || '—'}
          </dd>
          <dt>Parameters</dt>
          <dd>
            <code>{JSON.stringify(batch.params)}</code>
          </dd>
        </dl>
        <div className="cas-list-actions">
          {file ? (
            <a className="cas-button" href={`${BATCH_VIEW}/file?id=${batch._id}`} download={file}>
              Download {file}
            </a>
          ) : null}
          {isOpen ? (
            <Form method="post">
              <input type="hidden" name="id" value={batch._id} />
              <input type="hidden" name="count" value={String(jobsToRun)} />
              <ConfirmSubmit name="intent" value="cancel" variant="danger" cancelLabel="Keep it" {...batchQuestion('cancel', jobsToRun)}>
                Cancel batch
              </ConfirmSubmit>
            </Form>
          ) : null}
          {data.canSteer && failedJobs > 0 ? (
            <Form method="post">
              <input type="hidden" name="id" value={batch._id} />
              <input type="hidden" name="count" value={String(failedJobs)} />
              <ConfirmSubmit name="intent" value="retry-failed" {...batchQuestion('retry-failed', failedJobs)}>
                Retry failed only ({figure(failedJobs)})
              </ConfirmSubmit>
            </Form>
          ) : null}
          {data.canSteer && data.queue ? (
            <Form method="post">
              <input type="hidden" name="id" value={batch._id} />
              <input type="hidden" name="queue" value={data.queue.name} />
              <Button type="submit" name="intent" value={data.queue.isPaused ? 'resume' : 'pause'} variant="secondary">
                {data.queue.isPaused ? 'Resume queue' : 'Pause queue'} ({typeTitle(data.typeTitles, data.queue.name)})
              </Button>
            </Form>
          ) : null}
        </div>
      </section>
      <section aria-labelledby="batch-jobs">
        <h2 id="batch-jobs">Jobs</h2>
        <RowTable
          caption="Jobs"
          isCaptionHidden
          hasRowHeader
          rows={data.jobs}
          rowKey={(j) => j._id}
          columns={[
            {
              key: 'job',
              header: 'Job',
              cell: (j) => (
                <Link to={`${BATCH_VIEW}?id=${batch._id}&job=${j._id}${data.page > 1 ? `&page=${data.page}` : ''}#job-log`}>Job {j.sequence + 1} log</Link>
              ),
            },
            JOB_COLUMNS.state,
            JOB_COLUMNS.attempts,
            JOB_COLUMNS.units,
            JOB_COLUMNS.error,
            JOB_COLUMNS.finished,
          ]}
        />
        <Pagination count={data.jobCount} page={data.page} limit={20} searchParams={`id=${batch._id}`} pageSizes={[20]} />
      </section>
      {data.job ? (
        <section aria-labelledby="job-log" className="cas-panel">
          <h2 id="job-log">
            Log of job {data.job.sequence + 1} ({JOB_STATE_LABELS[data.job.state]})
          </h2>
          {data.job.lastError ? <p role="note">Last error: {data.job.lastError}</p> : null}
          <ol className="cas-job-log">
            {data.job.log.map((line, i) => (
              <li key={i} className={`cas-job-log--${line.level}`}>
                <time dateTime={line.at}>{when(line.at)}</time> {line.message}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </>
  );
}

function Schedules({ data }: { data: BatchViewData }) {
  const { batch } = data;
  // A batch's page shows the schedule that starts batches like it, not every job type's.
  const schedules = batch ? data.schedules.filter((s) => s.type === batch.type) : data.schedules;
  if (batch && schedules.length === 0) return null;
  return (
    <section aria-labelledby="schedules" className="cas-panel">
      <h2 id="schedules">{batch ? 'Its schedule' : 'Schedules'}</h2>
      {schedules.length === 0 ? <p>No schedules.</p> : null}
      {schedules.map((s) => (
        <Form method="post" key={s._id} className="cas-batch-schedule" aria-label={`Schedule ${s.name}`}>
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="scheduleId" value={s._id} />
          {data.batch ? <input type="hidden" name="id" value={data.batch._id} /> : null}
          <h3>
            {s.name} <small>({typeTitle(data.typeTitles, s.type)})</small>
          </h3>
          <TextField label="Cron" name="cron" defaultValue={s.cron} isRequired />
          <TextField label="Time zone" name="timeZone" defaultValue={s.timeZone} isRequired />
          <Select label="Missed runs" name="missedRunPolicy" defaultValue={s.missedRunPolicy} options={MISSED_RUN_POLICIES.map((p) => ({ value: p, label: MISSED_RUN_LABELS[p] }))} />
          <Checkbox name="isActive" defaultSelected={s.isActive} className="cas-batch-check">
            Active
          </Checkbox>
          <Button type="submit" variant="secondary">
            Save schedule
          </Button>
          <p>
            Last run: {when(s.lastRunAt, s.timeZone)}. Next runs: {s.nextRuns.length ? s.nextRuns.map((r) => when(r, s.timeZone)).join(', ') : 'none (off)'}
          </p>
        </Form>
      ))}
    </section>
  );
}
