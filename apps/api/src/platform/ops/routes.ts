import type { FastifyInstance } from 'fastify';
import { metricsAccess, REQUEST_ID_HEADER } from '@campus/api-contract/node';
import type { Database } from '../db/client.js';
import { RETRY_AFTER_SECONDS } from '../db/unavailable.js';
import type { Lifecycle } from './lifecycle.js';
import type { Metrics } from './metrics.js';
import { newestShippedMigration, readiness } from './readiness.js';

export interface OperationsRoutesOptions {
  readonly database: Database;
  readonly lifecycle: Lifecycle;
  readonly metrics: Metrics;
  readonly metricsAccess?: { readonly token?: string | undefined; readonly allow?: string | undefined } | undefined;
}

/**
 * What a load balancer and Prometheus call, outside the contracts and without a session:
 * - `GET /healthz` — alive: 200 `{ status: 'ok', database: 'up' }`, 503 when the database cannot be reached;
 * - `GET /readyz` — may take requests: the database answers, its migrations are current and the process is not
 *   draining; 503 with each condition otherwise;
 * - `GET /metrics` — Prometheus text, to the networks and token `METRICS_ALLOW` / `METRICS_TOKEN` admit (404 to others,
 *   as if there were none).
 * Every answer carries the request's id (`x-request-id`), which is also in each log line of the request.
 */
export function registerOperationsRoutes(app: FastifyInstance, options: OperationsRoutesOptions): void {
  const { database, lifecycle, metrics } = options;
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  metrics.instrument(app);

  // Load balancers ask every second or two: their checks and scrapes are logged only when they go wrong.
  const quiet = { logLevel: 'warn' } as const;
  app.get('/healthz', quiet, async (_request, reply) => {
    if (await database.ping()) return reply.status(200).send({ status: 'ok', database: 'up' });
    return reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ status: 'error', database: 'down', message: 'The database cannot be reached.' });
  });

  const newest = newestShippedMigration();
  app.get('/readyz', quiet, async (_request, reply) => {
    const state = await readiness(database, lifecycle, newest);
    reply.header('cache-control', 'no-store');
    if (state.ready) return reply.status(200).send({ status: 'ready', database: state.database, migrations: state.migrations, draining: false });
    return reply.status(503).send({
      status: 'not-ready',
      database: state.database,
      migrations: state.migrations,
      draining: state.draining,
      message: state.draining
        ? 'The server is shutting down.'
        : state.database === 'down'
          ? 'The database cannot be reached.'
          : 'The database is not migrated to this version.',
    });
  });

  const mayRead = metricsAccess(options.metricsAccess ?? {});
  app.get('/metrics', quiet, async (request, reply) => {
    if (!mayRead(request.raw.socket.remoteAddress, request.headers.authorization)) {
      return reply.status(404).send({ message: 'Not found.' });
    }
    reply.header('cache-control', 'no-store').type(metrics.contentType);
    return metrics.text();
  });
}
