import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rows, type Database } from '../db/client.js';
import type { Mailer } from '../auth/mailer.js';

/** Seconds buckets of the request duration histogram: 5 ms to 10 s. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What an area's collector reads on each scrape (a figure counted by the database). */
export type Collect = () => Promise<void>;

/**
 * The process's metrics in Prometheus' text format (`GET /metrics`), on a registry of its own (tests build several
 * apps in one process). The platform measures what it owns — HTTP requests, the database pool, the job queues, mail
 * sent — and areas add theirs through their manifest (`AreaModule.metrics`), named `campus_<area's figure>`.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly emails: Counter<'outcome'>;

  constructor(options: { readonly defaults?: boolean } = {}) {
    if (options.defaults !== false) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = this.counter('http_requests_total', 'HTTP requests answered, by method, route pattern and status.', ['method', 'route', 'status']);
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer, by method, route pattern and status.',
      labelNames: ['method', 'route', 'status'],
      buckets: DURATION_BUCKETS,
      registers: [this.registry],
    });
    this.emails = this.counter('campus_emails_total', 'Emails handed to the mailer, by outcome (sent, failed).', ['outcome']);
  }

  /** A counter on this registry (the same one when the name was registered before). */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge; with `collect`, its values are read at each scrape (figures the database keeps). */
  gauge<L extends string>(name: string, help: string, labelNames: readonly L[] = [], collect?: (gauge: Gauge<L>) => Promise<void>): Gauge<L> {
    const existing = this.registry.getSingleMetric(name);
    if (existing) return existing as Gauge<L>;
    return new Gauge({
      name,
      help,
      labelNames,
      registers: [this.registry],
      ...(collect ? { collect(this: Gauge<L>) { return collect(this); } } : {}),
    });
  }

  /** Counts and times every answer by the route's pattern (`/core/v1.0/campuses/:id`), never its raw path. */
  instrument(app: FastifyInstance): void {
    // Runs on every answer: a synchronous hook (no promise per request), and one labels object per method, status and
    // route, made once.
    const labelsOf = new Map<string, { method: string; route: string; status: string }>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const key = `${request.method} ${reply.statusCode} ${route}`;
      let labels = labelsOf.get(key);
      if (!labels) labelsOf.set(key, (labels = { method: request.method, route, status: String(reply.statusCode) }));
      this.httpRequests.inc(labels);
      this.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });
  }

  /** The database pool (PostgreSQL) and the job queues, read at each scrape. */
  watch(database: Database): void {
    if (database.poolStats) {
      const stats = database.poolStats;
      this.gauge('campus_db_pool_connections', 'Connections of the PostgreSQL pool, by state (in-use, idle, waiting requests).', ['state'], async (gauge) => {
        const { total, idle, waiting } = stats();
        gauge.set({ state: 'in-use' }, total - idle);
        gauge.set({ state: 'idle' }, idle);
        gauge.set({ state: 'waiting' }, waiting);
      });
    }
    const queueRows = async () =>
      rows<{ name: string; queued: number; active: number; oldest: number | null }>(
        database.db,
        sql`select name, count(*) filter (where state in ('created', 'retry'))::int as queued, count(*) filter (where state = 'active')::int as active,
                   extract(epoch from now() - min(created_on) filter (where state in ('created', 'retry')))::float8 as oldest
              from pgboss.job where state in ('created', 'retry', 'active') group by name`,
      ).catch(() => []); // before the job engine installed its schema
    this.gauge('campus_job_queue_depth', 'Jobs waiting or running, by job type and state (queued, active); the same in every process.', ['type', 'state'], async (gauge) => {
      gauge.reset();
      for (const queue of await queueRows()) {
        gauge.set({ type: queue.name, state: 'queued' }, queue.queued);
        gauge.set({ type: queue.name, state: 'active' }, queue.active);
      }
    });
    this.gauge('campus_job_queue_oldest_seconds', 'Age of the oldest job waiting, by job type; the same in every process.', ['type'], async (gauge) => {
      gauge.reset();
      for (const queue of await queueRows()) if (queue.oldest !== null) gauge.set({ type: queue.name }, Math.max(0, queue.oldest));
    });
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** The mailer, counting each message sent (or kept in the outbox) and each that failed. */
export function countSends(mailer: Mailer, emails: Counter<'outcome'>): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
        emails.inc({ outcome: 'sent' });
      } catch (error) {
        emails.inc({ outcome: 'failed' });
        throw error;
      }
    },
  };
}
