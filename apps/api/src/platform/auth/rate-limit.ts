import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../db/client.js';

/** How often (one take in so many) a limiter clears its windows that have ended. */
const PRUNE_EVERY = 500;

/**
 * A fixed-window counter per key (a bucket and a client address, an account…), kept in the database (`rate_windows`)
 * so that every API process behind a load balancer counts the same attempts: a limit holds for the whole system, not
 * per process. One statement counts an attempt and reads the window's count; the key is stored only as a digest.
 */
export class RateLimiter {
  private takes = 0;

  /** `scope` names the limiter: its windows are its own, whatever the other limiters count. */
  constructor(
    private readonly db: Db,
    private readonly scope: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Counts one attempt; false when the key is over its limit (`max`, else the limiter's) for the current window. */
  async take(key: string, max = this.max): Promise<boolean> {
    const now = this.now();
    const windowStart = new Date(now.getTime() - this.windowMs);
    const keyHash = createHash('sha256').update(key).digest('hex');
    if (++this.takes % PRUNE_EVERY === 0) await this.prune(windowStart);
    // Every SET expression reads the row as it was: a window that has ended starts again at 1.
    const [counted] = await rows<{ count: number }>(
      this.db,
      sql`insert into rate_windows as w (scope, key_hash, started_at, count)
          values (${this.scope}, ${keyHash}, ${now.toISOString()}::timestamptz, 1)
          on conflict (scope, key_hash) do update set
            count = case when w.started_at <= ${windowStart.toISOString()}::timestamptz then 1 else w.count + 1 end,
            started_at = case when w.started_at <= ${windowStart.toISOString()}::timestamptz then excluded.started_at else w.started_at end
          returning count`,
    );
    return Number(counted?.count ?? 1) <= max;
  }

  private async prune(windowStart: Date): Promise<void> {
    await rows(this.db, sql`delete from rate_windows where scope = ${this.scope} and started_at <= ${windowStart.toISOString()}::timestamptz`);
  }
}
