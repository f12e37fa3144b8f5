import { formatCount, formatPercent } from '@campus/formatters';
import { useId, type ReactNode } from 'react';
import type { StatusTone } from './StatusPill.js';

export interface ProgressSegment {
  /** Stable key, e.g. `sent`. */
  readonly key: string;
  /** The word for the segment in the legend and the text alternative ("sent"). */
  readonly label: string;
  readonly value: number;
  readonly tone: Exclude<StatusTone, 'neutral' | 'primary'> | 'primary';
}

/** The segments of a delivery: sent (green), skipped (amber), failed (red). */
export function deliverySegments(counts: {
  readonly sent: number;
  readonly skipped: number;
  readonly failed: number;
}): ProgressSegment[] {
  return [
    { key: 'sent', label: 'sent', value: counts.sent, tone: 'success' },
    { key: 'skipped', label: 'skipped', value: counts.skipped, tone: 'warning' },
    { key: 'failed', label: 'failed', value: counts.failed, tone: 'danger' },
  ];
}

export interface ProgressBarProps {
  readonly label: ReactNode;
  /** How many items there are in all. */
  readonly total: number;
  /** The finished items by outcome; one `primary` segment of `value` when left out. */
  readonly segments?: readonly ProgressSegment[];
  /** Items finished, when there are no segments. */
  readonly value?: number;
  /** The word after "3 of 10" (`done` by default). */
  readonly doneWord?: string;
}

/**
 * A full-width progress bar: coloured segments for each outcome, "3 of 10 done" and a legend with the counts
 * (the text alternative too: `aria-valuetext` "3 of 10 done: 2 sent, 1 skipped, 0 failed").
 */
export function ProgressBar({ label, total, segments, value = 0, doneWord = 'done' }: ProgressBarProps) {
  const labelId = useId();
  const parts = segments ?? [{ key: 'done', label: doneWord, value, tone: 'primary' as const }];
  const done = parts.reduce((sum, p) => sum + Math.max(0, p.value), 0);
  const whole = Math.max(total, done);
  const summary = `${formatCount(done)} of ${formatCount(whole)} ${doneWord}`;
  const details = segments ? parts.map((p) => `${formatCount(p.value)} ${p.label}`).join(', ') : '';
  return (
    <div className="cas-progress">
      <div className="cas-progress__head">
        <span id={labelId} className="cas-progress__label">
          {label}
        </span>
        <span className="cas-progress__summary">
          {summary} <span className="cas-progress__percent">({formatPercent(done, whole)})</span>
        </span>
      </div>
      <div
        className="cas-progress__track"
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={whole}
        aria-valuenow={done}
        aria-valuetext={details ? `${summary}: ${details}` : summary}
      >
        {parts.map((p) =>
          p.value > 0 && whole > 0 ? (
            <span
              key={p.key}
              className="cas-progress__segment"
              data-tone={p.tone}
              style={{ width: `${(p.value / whole) * 100}%` }}
            />
          ) : null,
        )}
      </div>
      {segments ? (
        <ul className="cas-progress__legend">
          {parts.map((p) => (
            <li key={p.key} data-tone={p.tone}>
              <span aria-hidden="true" className="cas-progress__swatch" />
              {formatCount(p.value)} {p.label}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
