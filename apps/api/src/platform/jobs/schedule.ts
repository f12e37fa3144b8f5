import { Cron } from 'croner';

/** The next `count` runs of a cron expression in a time zone, strictly after `from`. */
export function nextRuns(cron: string, timeZone: string, from: Date, count = 5): Date[] {
  const job = new Cron(cron, { timezone: timeZone, paused: true });
  return job.nextRuns(count, from);
}

/** Whether croner accepts the expression; the message when it does not. */
export function cronProblem(cron: string, timeZone: string): string | undefined {
  try {
    const next = nextRuns(cron, timeZone, new Date(), 1);
    return next.length ? undefined : 'This schedule never runs.';
  } catch (error) {
    return `Invalid cron expression: ${(error as Error).message}`;
  }
}
