/**
 * Where the process stands for the load balancer: serving, or draining (a SIGTERM arrived). While draining,
 * `/readyz` answers 503 so the load balancer stops sending new requests, and the requests already taken still finish.
 */
export class Lifecycle {
  private drainingSince: Date | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Readiness fails from now on; idempotent. */
  drain(now = new Date()): void {
    this.drainingSince ??= now;
  }
}
