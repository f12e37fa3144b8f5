import { StatusPill, type StatusTone } from '@campus/ui';
import { SLA_LABELS } from './sla-labels';

/** The colour of each SLA state's pill (the word carries the meaning, the colour repeats it). */
export const SLA_TONES: Record<string, StatusTone> = {
  ok: 'success',
  met: 'success',
  'near-breach': 'warning',
  breached: 'danger',
  paused: 'neutral',
  none: 'neutral',
};

/** The colour of each ticket state's pill. */
export const STATE_TONES: Record<string, StatusTone> = {
  new: 'info',
  open: 'primary',
  pending: 'warning',
  resolved: 'success',
  closed: 'neutral',
};

/** The SLA state as a pill: words first (colour only repeats them). */
export function SlaBadge({ status }: { readonly status: string }) {
  return (
    <span className="cas-sla" data-sla={status}>
      <StatusPill tone={SLA_TONES[status] ?? 'neutral'}>SLA: {SLA_LABELS[status] ?? status}</StatusPill>
    </span>
  );
}
