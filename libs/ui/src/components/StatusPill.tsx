import type { ReactNode } from 'react';

/** What a pill's colour means: each tone pairs a soft background with text that meets AA contrast on it. */
export type StatusTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger' | 'primary';

export interface StatusPillProps {
  readonly tone?: StatusTone;
  readonly children: ReactNode;
  /** A longer explanation, shown as a tooltip. */
  readonly title?: string;
}

/** A short state word in a rounded pill ("Open", "Overdue", "Active"); the word carries the meaning, the colour repeats it. */
export function StatusPill({ tone = 'neutral', children, title }: StatusPillProps) {
  return (
    <span className="cas-pill" data-tone={tone} title={title}>
      {children}
    </span>
  );
}
