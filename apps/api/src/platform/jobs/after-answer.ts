import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts and does not wait for: the answer goes out first, so its timing says nothing about what
 * the work found (password recovery must not tell which addresses have accounts). The work stays in this
 * process; `settled()` waits for all of it (shutdown, tests). Long or retried work belongs to the job queue.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, work: () => Promise<void>): void {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${what} failed`))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Resolves once nothing started here is still running. */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
