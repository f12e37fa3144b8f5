import { useEffect, type ReactNode } from 'react';
import { Form, useRevalidator } from '@remix-run/react';
import { Button, DataFormProvider, Pagination, RowTable, Select, StatusPill, type RowTableColumn, type StatusTone } from '@campus/ui';
import { RouterForm } from '../../components/RouterForm';
import { formatCount, formatDuration, formatZonedTime } from '@campus/formatters';
import type { Job } from '@campus/api-contract';
import { BATCH_STATE_LABELS, JOB_STATE_LABELS, type BatchState, type JobState } from '@campus/domain-batch';

/**
 * Done and failed of the total as a native progress bar with its figures written out beside it; a batch that counts
 * no units (`countsJobs`) counts its jobs, and says so.
 */
export function ProgressBar(props: { done: number; failed: number; total: number; progress: number; label: string; countsJobs?: boolean }) {
  const { done, failed, total, progress, label } = props;
  return (
    <div className="cas-batch-progress">
      <progress max={100} value={progress} aria-label={label} aria-valuetext={`${progress} %`} />
      <span className="cas-batch-progress__figures">
        {progress} % · {formatCount(done + failed)} / {formatCount(total)}
        {props.countsJobs ? (total === 1 ? ' job' : ' jobs') : null}
        {failed ? <strong className="cas-batch-failed"> · {formatCount(failed)} failed</strong> : null}
      </span>
    </div>
  );
}

/** The colour of a batch's or a job's state. */
const STATE_TONES: Readonly<Record<string, StatusTone>> = {
  queued: 'neutral',
  created: 'neutral',
  running: 'info',
  active: 'info',
  retrying: 'warning',
  completed: 'success',
  failed: 'danger',
  'dead-letter': 'danger',
  cancelled: 'neutral',
};

export function StateBadge({ state, kind }: { state: string; kind: 'batch' | 'job' }) {
  const label = kind === 'batch' ? BATCH_STATE_LABELS[state as BatchState] : JOB_STATE_LABELS[state as JobState];
  return <StatusPill tone={STATE_TONES[state] ?? 'neutral'}>{label ?? state}</StatusPill>;
}

/** A job that has not reported for too long. */
export function StalledBadge() {
  return <StatusPill tone="warning">Stalled</StatusPill>;
}

/** The columns a job has wherever it is listed (the job list and a batch's jobs). */
export const JOB_COLUMNS = {
  state: {
    key: 'state',
    header: 'State',
    cell: (j) => (
      <>
        <StateBadge kind="job" state={j.state} />
        {j.isStalled ? <StalledBadge /> : null}
      </>
    ),
  },
  attempts: { key: 'attempts', header: 'Attempts', cell: (j) => `${j.attempts} of ${j.retryLimit + 1}` },
  units: {
    key: 'units',
    header: 'Units',
    cell: (j) => `${formatCount(j.unitsDone)} / ${formatCount(j.units)}${j.unitsFailed ? ` (${formatCount(j.unitsFailed)} failed)` : ''}`,
  },
  error: { key: 'error', header: 'Last error', cell: (j) => j.lastError ?? '—' },
  finished: { key: 'finished', header: 'Finished', cell: (j) => when(j.finishedAt) },
} satisfies Record<string, RowTableColumn<Job>>;

/** A moment with its date, time and zone (`Tue, Dec 1, 10:00 PHT`); a schedule's runs in the schedule's own zone. */
export const when = (iso: string | null, timeZone?: string) => (iso ? formatZonedTime(iso, { withDate: true, ...(timeZone ? { timeZone } : {}) }) : '—');
export const took = (ms: number | null) => (ms === null ? '—' : formatDuration(Math.round(ms / 1000)));
export const figure = formatCount;

/** A job type's title as the API registers it; the name only for a type this version no longer has. */
export const typeTitle = (titles: Readonly<Record<string, string>>, type: string) => titles[type] ?? type;

/** While something runs, reloads the page's data every 1.5 s (with JavaScript; without it, reloading does it). */
export function useLiveData(isRunning: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!isRunning) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle' && document.visibilityState === 'visible') revalidator.revalidate();
    }, 1500);
    return () => clearInterval(timer);
  }, [isRunning, revalidator]);
}

/** A filter choosing one of `options` (value, label), or any. */
export function ChoiceFilter(props: { name: string; label: string; anyLabel: string; value: string | undefined; options: readonly (readonly [string, string])[] }) {
  return (
    <Select
      label={props.label}
      name={props.name}
      defaultValue={props.value ?? ''}
      placeholder={props.anyLabel}
      options={props.options.map(([value, label]) => ({ value, label }))}
    />
  );
}

/**
 * A list screen of the area: its title, a filter form (GET, works without JavaScript), a table whose first cell of
 * each row is its row header, and paging.
 */
export function FilteredList<Row extends { readonly _id: string }>(props: {
  id: string;
  title: string;
  filters: ReactNode;
  problem?: string | null | undefined;
  /** The first column names the row (its header cell). */
  columns: readonly RowTableColumn<Row>[];
  empty: string;
  rows: readonly Row[];
  paging: { count: number; page: number; limit: number; search: string };
}) {
  return (
    <DataFormProvider form={RouterForm}>
      <section aria-labelledby={`${props.id}-title`} className="cas-batch">
        <h1 id={`${props.id}-title`} className="cas-page-title">
          {props.title}
        </h1>
        <Form method="get" className="cas-batch-filters" aria-label={`Filter ${props.title.toLowerCase()}`}>
          {props.filters}
          <Button type="submit" variant="secondary">
            Filter
          </Button>
        </Form>
        {props.problem ? <p role="alert">{props.problem}</p> : null}
        <RowTable caption={props.title} isCaptionHidden columns={props.columns} rows={props.rows} rowKey={(row) => row._id} hasRowHeader emptyMessage={props.empty} />
        <Pagination count={props.paging.count} page={props.paging.page} limit={props.paging.limit} searchParams={props.paging.search.replace(/^\?/, '')} />
      </section>
    </DataFormProvider>
  );
}

/** What the batch view's steering buttons ask first, with the number of jobs they act on (dialog and page alike). */
export function batchQuestion(intent: 'cancel' | 'retry-failed', count: number): { title: string; description: string; confirmLabel: string } {
  const jobs = `${formatCount(count)} ${count === 1 ? 'job' : 'jobs'}`;
  return intent === 'cancel'
    ? {
        title: `Cancel this batch and its ${jobs} still to run?`,
        description: `The ${jobs} still queued are cancelled and a running job stops before its next unit of work. What is done stays done.`,
        confirmLabel: 'Cancel batch',
      }
    : {
        title: `Retry the ${jobs} that failed?`,
        description: `The ${jobs} that failed are queued again for one more attempt each; the jobs that succeeded are not run again.`,
        confirmLabel: 'Retry failed only',
      };
}
