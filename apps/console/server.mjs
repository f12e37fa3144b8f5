// Production server of the console: Remix behind Express. Compared with `remix-serve` it adds what a console
// facing a campus network needs: security headers with a per-response CSP nonce, the client's address handed to
// loaders and actions (the API's sign-in rate limit counts people, not the console), and immutable caching of
// fingerprinted assets.
//
//   PORT (3000)   HOST (0.0.0.0)   TRUST_PROXY (unset: the socket address is the client; set it, e.g. to
//   `loopback` or `1`, when a reverse proxy or load balancer terminates HTTPS in front of the console)
import { randomBytes } from 'node:crypto';
import { createRequestHandler } from '@remix-run/express';
import compression from 'compression';
import express from 'express';

const build = await import(new URL('./build/server/index.js', import.meta.url).href);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';

const app = express();
app.disable('x-powered-by');
if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);
app.use(compression());

app.use((_req, res, next) => {
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
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  next();
});

// Fingerprinted build assets never change; everything else in public/ may.
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
app.use(express.static('build/client', { maxAge: '1h' }));

app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? 'production',
    getLoadContext: (req, res) => ({ clientAddress: req.ip, cspNonce: res.locals.cspNonce }),
  }),
);

const server = app.listen(port, host, () => {
  console.log(`Console listening on http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`);
});

// Finish the requests in flight, then stop.
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 10_000).unref();
  });
}
