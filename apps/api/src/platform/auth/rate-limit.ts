/**
 * A fixed-window counter per key (a bucket and a client address, an account…). It lives in the process: with several API copies each
 * copy counts on its own, which still bounds guessing per copy; the per-account lockout is in the database.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => Date,
  ) {}

  /** Counts one attempt; false when the key is over its limit (`max`, else the limiter's) for the current window. */
  take(key: string, max = this.max): boolean {
    const now = this.now().getTime();
    const current = this.windows.get(key);
    if (!current || now - current.start >= this.windowMs) {
      if (this.windows.size > 10_000) this.prune(now);
      this.windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= max;
  }

  private prune(now: number): void {
    for (const [key, w] of this.windows) if (now - w.start >= this.windowMs) this.windows.delete(key);
  }
}
