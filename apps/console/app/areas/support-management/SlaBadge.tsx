import { SLA_LABELS } from './sla-labels';

/** The SLA state as a badge: words first (colour only repeats them). */
export function SlaBadge({ status }: { readonly status: string }) {
  return (
    <span className={`cas-sla cas-sla--${status}`} data-sla={status}>
      SLA: {SLA_LABELS[status] ?? status}
    </span>
  );
}
