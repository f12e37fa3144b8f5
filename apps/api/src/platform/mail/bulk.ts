/**
 * Sending many messages at once (a broadcast): how many SMTP connections to keep busy, and a window that keeps that
 * many sends in flight while the caller goes on claiming and marking in the database.
 */

/** nodemailer's own default of `maxConnections` for a pooled transport. */
export const DEFAULT_MAIL_CONNECTIONS = 5;

/**
 * The SMTP connections a bulk send may use: the `maxConnections` an `SMTP_URL` names (nodemailer reads the same
 * query parameter), else nodemailer's default. With `?pool=true` the transport keeps that many connections open
 * and queues the rest; without it, each message opens a connection of its own, so at most that many at a time.
 */
export function mailConnections(smtpUrl: string | undefined): number {
  if (!smtpUrl) return DEFAULT_MAIL_CONNECTIONS;
  try {
    const given = Number(new URL(smtpUrl).searchParams.get('maxConnections'));
    return Number.isInteger(given) && given > 0 ? Math.min(given, 100) : DEFAULT_MAIL_CONNECTIONS;
  } catch {
    return DEFAULT_MAIL_CONNECTIONS;
  }
}

/**
 * At most `limit` tasks running at once. `place` waits until one more may run; `run` starts a task without waiting
 * for it, so the caller can do other work (claim the next batch, mark the finished ones) while it runs. One caller
 * alone uses a window: `await place()` then `run(task)`, with nothing else between them that starts a task.
 * A task must catch what it can recover from; anything it throws comes out of the next `place` or of `drain`.
 */
export class SendWindow {
  private readonly running = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;

  constructor(private readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError('A send window holds at least one send.');
  }

  async place(): Promise<void> {
    while (this.running.size >= this.limit) await Promise.race(this.running);
    this.rethrow();
  }

  run(task: () => Promise<void>): void {
    const running: Promise<void> = task()
      .catch((error: unknown) => {
        this.failure ??= { error };
      })
      .finally(() => this.running.delete(running));
    this.running.add(running);
  }

  /** Waits for every started task to end. */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.race(this.running);
    this.rethrow();
  }

  private rethrow(): void {
    if (this.failure) throw this.failure.error;
  }
}
