// Production server of the console: Remix behind Express. Compared with `remix-serve` it adds what a console
// facing a campus network needs: security headers with a per-response CSP nonce, the client's address handed to
// loaders and actions (the API's sign-in rate limit counts people, not the console), and immutable caching of
// fingerprinted assets.
//
//   PORT (3000)   HOST (0.0.0.0)   TRUST_PROXY (unset: the socket address is the client; set it, e.g. to
//   `loopback` or `1`, when a reverse proxy or load balancer terminates HTTPS in front of the console)
//   WEB_CONCURRENCY (worker processes sharing the port; default: the CPUs available, at most 4; 1 = no workers)
//   METRICS_TOKEN, METRICS_ALLOW, SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS (see operations.mjs)
//
// SIGTERM drains: /readyz answers 503 at once while requests are still served for SHUTDOWN_DELAY_MS (the load
// balancer takes the process out of rotation), then the server stops listening, finishes the requests in flight and
// exits.
//
// Rendering a page is CPU work in one JavaScript thread, so one process uses one core however many there are;
// the workers share the port (node:cluster) and each renders its own pages.
import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';
import { aggregateWorkerMetrics, operations, shutdownTimings } from './operations.mjs';

const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY) || Math.min(availableParallelism(), 4));
if (workers > 1 && cluster.isPrimary) {
  await runPrimary(workers);
} else {
  await runServer();
}

/** Starts the workers, restarts one that dies unexpectedly, and stops them all on SIGTERM or SIGINT. */
async function runPrimary(count) {
  let stopping = false;
  aggregateWorkerMetrics();
  const startedAt = new Map();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < count; i += 1) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    // A worker that could not even start (a taken port, a missing build) is not started again and again.
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      console.error(`Console worker ${worker.process.pid} stopped while starting; stopping.`);
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
      process.exitCode = 1;
      setTimeout(() => process.exit(1), 12_000).unref();
      return;
    }
    console.error(
      `Console worker ${worker.process.pid} stopped (${signal ?? `exit ${code}`}); starting another.`,
    );
    fork();
  });
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      stopping = true;
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      setTimeout(() => process.exit(0), shutdownTimings().timeoutMs + 2_000).unref();
    });
  }
}

async function runServer() {
  const build = await import(new URL('./build/server/index.js', import.meta.url).href);
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? '0.0.0.0';

  const app = express();
  app.disable('x-powered-by');
  if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
  const ops = operations(build);
  app.use(ops.middleware);
  app.get('/metrics', ops.metrics);
  app.use(compression());

  app.use((req, res, next) => {
    const nonce = randomBytes(16).toString('base64');
    res.locals.cspNonce = nonce;
    res.setHeader(
      'Content-Security-Policy',
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}'`,
        // React Aria and Radix position popovers with inline style attributes.
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
      ].join('; '),
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    // The camera and the device's position only for this origin's attendance pages: the kiosk, and the console, whose
    // face registration takes photos (a page reached by client-side navigation keeps its document's policy).
    const attendance = req.path === '/kiosk' || req.path === '/app' || req.path.startsWith('/app/');
    res.setHeader('Permissions-Policy', attendance ? 'camera=(self), microphone=(), geolocation=(self)' : 'camera=(), microphone=(), geolocation=()');
    next();
  });

  // Fingerprinted build assets never change; everything else in public/ may.
  app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
  // Only names with an extension can be files of public/ (favicon.ico, robots.txt…): pages skip the disk lookup.
  const publicFiles = express.static('build/client', { maxAge: '1h' });
  app.use((req, res, next) => (/\.[A-Za-z0-9]+$/.test(req.path) ? publicFiles(req, res, next) : next()));

  // The browser's address travels with the request to every loader and action, which pass it to the API
  // (X-Forwarded-For, with the console's proof) so that the API's limits and audit trail see the person. Set
  // here on every request, whatever the browser sent under that name.
  app.use((req, _res, next) => {
    req.headers['x-campus-client-address'] = req.ip ?? '';
    next();
  });

  // A state-changing request from another site never reaches an action. Remix's own check would answer it with a
  // bare 500; instead it becomes a request for the refusal page, which answers 403 with the product's error page.
  const { isCrossSiteRequest } = build.entry.module;
  app.use((req, res, next) => {
    if (isCrossSiteRequest(req.method, (name) => req.get(name), req.get('host') ?? '')) {
      res.locals.refusedCrossSite = true;
      req.method = 'GET';
      // Remix builds its Request from originalUrl.
      req.url = req.originalUrl = req.path.endsWith('.data') ? '/refused.data' : '/refused';
    } else if (req.headers.origin === 'null') {
      // A page of ours that hides its referrer (`no-referrer`) posts with `Origin: null`, which the check above let
      // through on the browser's fetch metadata; Remix's own check would take the opaque origin for another host.
      delete req.headers.origin;
    }
    next();
  });

  app.all(
    '*',
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV ?? 'production',
      getLoadContext: (req, res) => ({
        clientAddress: req.ip,
        cspNonce: res.locals.cspNonce,
        refusedCrossSite: res.locals.refusedCrossSite === true,
        draining: () => ops.draining,
      }),
    }),
  );

  const server = app.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) {
      console.log(`Console listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
    }
  });

  // SIGTERM: readiness fails at once; after the delay the server stops listening and closes idle connections, the
  // requests in flight finish, then the process exits (or after the timeout, whatever is left).
  const { delayMs, timeoutMs } = shutdownTimings();
  // Ctrl-C (SIGINT) skips the delay: no load balancer is waiting for it.
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (ops.draining) return;
      ops.drain();
      setTimeout(() => process.exit(1), timeoutMs).unref();
      setTimeout(
        () => {
          server.close(() => process.exit(0));
          server.closeIdleConnections();
        },
        signal === 'SIGTERM' ? delayMs : 0,
      ).unref();
    });
  }
}
