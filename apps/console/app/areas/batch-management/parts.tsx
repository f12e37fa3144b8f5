import { useEffect } from 'react';
import { useRevalidator } from '@remix-run/react';
import { formatDate, formatDuration } from '@campus/formatters';
import { BATCH_STATE_LABELS, JOB_STATE_LABELS, type BatchState, type JobState } from '@campus/domain-batch';

const count = new Intl.NumberFormat('en-PH');

/** Done and failed of the total as a native progress bar with its figures written out beside it. */
export function ProgressBar({ done, failed, total, progress, label }: { done: number; failed: number; total: number; progress: number; label: string }) {
  return (
    <div className="cas-batch-progress">
      <progress max={100} value={progress} aria-label={label} aria-valuetext={`${progress} %`} />
      <span>
        {progress} % · {count.format(done + failed)} / {count.format(total)}
        {failed ? <strong className="cas-batch-failed"> · {count.format(failed)} failed</strong> : null}
      </span>
    </div>
  );
}

export function StateBadge({ state, kind }: { state: string; kind: 'batch' | 'job' }) {
  const label = kind === 'batch' ? BATCH_STATE_LABELS[state as BatchState] : JOB_STATE_LABELS[state as JobState];
  return <span className={`cas-batch-state cas-batch-state--${state}`}>{label ?? state}</span>;
}

export const when = (iso: string | null) => (iso ? formatDate(iso, { style: 'short', time: 'medium' }) : '—');
export const took = (ms: number | null) => (ms === null ? '—' : formatDuration(Math.round(ms / 1000)));
export const figure = (n: number) => count.format(n);

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
