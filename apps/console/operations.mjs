// What the console server adds for running it as a service (see server.mjs): the request id, Prometheus metrics, and
// the draining state of a graceful shutdown.
//
//   METRICS_TOKEN (a scraper sending `Authorization: Bearer <token>` may read /metrics from anywhere)
//   METRICS_ALLOW (addresses and ranges whose direct connections may read it; default the loopback; `none`)
//   SHUTDOWN_DELAY_MS (3000: how long /readyz fails before the server stops listening)
//   SHUTDOWN_TIMEOUT_MS (30000: the most a shutdown may take)
import cluster from 'node:cluster';
import { metricsAccess, requestIdFrom, REQUEST_ID_HEADER } from '@campus/api-contract/node';
import { matchRoutes } from '@remix-run/react';
import { AggregatorRegistry, collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Milliseconds from the environment, or the default. */
function milliseconds(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number of milliseconds.`);
  return value;
}

export const shutdownTimings = () => ({
  delayMs: milliseconds('SHUTDOWN_DELAY_MS', 3_000),
  timeoutMs: milliseconds('SHUTDOWN_TIMEOUT_MS', 30_000),
});

const METRICS_REQUEST = 'campus:metrics';
const METRICS_ANSWER = 'campus:metrics-answer';

/**
 * In the primary of a console with workers: answers a worker's request for the whole process's metrics (every
 * worker's, summed by prom-client's AggregatorRegistry), so a scrape sees the console, not one worker by chance.
 */
export function aggregateWorkerMetrics() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message) => {
    if (message?.type !== METRICS_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id, text }),
      (error) => worker.send({ type: METRICS_ANSWER, id: message.id, error: String(error?.message ?? error) }),
    );
  });
}

/** The route patterns of the build (`/app/:area/:resource/:id/edit`), for labelling requests without their ids. */
function routeTree(routes, parentId) {
  return Object.values(routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: routeTree(routes, route.id) }));
}

function patternOf(tree, path) {
  if (path.startsWith('/assets/')) return '/assets/*';
  const data = path.endsWith('.data');
  const pathname = data ? path.slice(0, -'.data'.length) || '/' : path;
  const matches = matchRoutes(tree, pathname);
  if (!matches) return 'unmatched';
  const pattern = `/${matches.map((m) => m.route.path).filter(Boolean).join('/')}`.replace(/\/+/g, '/');
  return data ? `${pattern}.data` : pattern;
}

/**
 * Express middleware and handlers for one server process: the request id (the load balancer's `x-request-id` or a
 * new one, answered back and sent on to the API by every call the request makes), request counts and durations by
 * route pattern, `/metrics`, and the draining flag `/readyz` reads.
 */
export function operations(build) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'];
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered, by method, route pattern and status.', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from a request to its answer, by method, route pattern and status.',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  if (cluster.isWorker) {
    // Constructing one installs prom-client's answer to the primary's requests; it then reports this registry.
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }
  const tree = routeTree(build.routes, undefined);
  const mayRead = metricsAccess({ token: process.env.METRICS_TOKEN || undefined, allow: process.env.METRICS_ALLOW || undefined });
  const { withRequestId } = build.entry.module;
  let draining = false;
  const waiting = new Map();
  let nextId = 0;
  if (cluster.isWorker) {
    process.on('message', (message) => {
      if (message?.type !== METRICS_ANSWER) return;
      waiting.get(message.id)?.(message);
      waiting.delete(message.id);
    });
  }

  /** The text of /metrics: this process's, or the primary's sum over its workers. */
  const metricsText = () => {
    if (!cluster.isWorker) return registry.metrics();
    return new Promise((resolve, reject) => {
      const id = (nextId += 1);
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The primary did not answer with the metrics.'));
      }, 5_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        if (answer.error) reject(new Error(answer.error));
        else resolve(answer.text);
      });
      process.send({ type: METRICS_REQUEST, id });
    });
  };

  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
    /** First middleware: the id, the measurements, and `Connection: close` while draining (clients go elsewhere). */
    middleware(req, res, next) {
      const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
      req.headers[REQUEST_ID_HEADER] = id;
      res.setHeader(REQUEST_ID_HEADER, id);
      if (draining) res.setHeader('Connection', 'close');
      const end = duration.startTimer();
      res.once('finish', () => {
        const labels = { method: req.method, route: patternOf(tree, req.path), status: String(res.statusCode) };
        requests.inc(labels);
        end(labels);
      });
      withRequestId(id, next);
    },
    metrics(req, res) {
      if (!mayRead(req.socket.remoteAddress, req.headers.authorization)) {
        res.status(404).type('text/plain').send('Not found.');
        return;
      }
      metricsText().then(
        (text) => res.status(200).set('Cache-Control', 'no-store').type(registry.contentType).send(text),
        (error) => {
          console.error(`Metrics could not be read: ${error.message}`);
          res.status(503).type('text/plain').send('The metrics are unavailable right now.');
        },
      );
    },
  };
}
