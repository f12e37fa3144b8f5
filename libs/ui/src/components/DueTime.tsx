import {
  DEFAULT_TIME_ZONE,
  formatDate,
  formatDueIn,
  formatZonedTime,
  timeZoneAbbreviation,
  toDate,
  type DateInput,
} from '@campus/formatters';

export interface DueTimeProps {
  readonly due: DateInput;
  /** The moment to measure from (now by default; pass the server's time to render the same on both sides). */
  readonly now?: DateInput;
  /** IANA time zone of the shown time; Asia/Manila by default. */
  readonly timeZone?: string;
  /** Only "due in 2 h" (the exact time stays in the tooltip), for table cells. */
  readonly isCompact?: boolean;
}

/**
 * A deadline read at a glance: `due in 2 h · Tue 10:00 PHT`, `overdue by 3 h · Mon 18:00 PHT`, with the zone.
 * `data-state` (`upcoming`, `now`, `overdue`) colours it; the full date and time are in the tooltip.
 */
export function DueTime({ due, now, timeZone = DEFAULT_TIME_ZONE, isCompact = false }: DueTimeProps) {
  const parsed = toDate(due);
  if (!parsed) return null;
  const relative = formatDueIn(parsed.date, now ?? new Date());
  const when = formatZonedTime(parsed.date, { timeZone });
  const full = `${formatDate(parsed.date, { style: 'full', time: true, timeZone })} ${timeZoneAbbreviation(timeZone, parsed.date)}`;
  return (
    <time className="cas-due" data-state={relative.state} dateTime={parsed.date.toISOString()} title={full}>
      {/* "Now" differs between the server's render and the browser's. */}
      <span suppressHydrationWarning>{relative.text}</span>
      {isCompact ? null : (
        <>
          {' · '}
          <span className="cas-due__when">{when}</span>
        </>
      )}
    </time>
  );
}
