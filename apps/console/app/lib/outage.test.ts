import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../e2e/harness';
import { loader as appLoader } from '../routes/app';
import { loader as healthLoader } from '../routes/healthz';
import { resetConfig } from './config.server';
import { cookiesFor } from './cookies.server';
import { SERVICE_UNAVAILABLE } from './http.server';

// The console when its API is away: stopped (nothing listens on the port) or hung (a server that accepts the
// connection and never answers). Every call has a deadline, pages answer 503 in the product's words, and
// /healthz reports the API.
const ORIGIN = 'http://console.test';
const TIMEOUT_MS = 400;

let hung: Server;
let hungUrl: string;
const sockets = new Set<Socket>();
let stoppedUrl: string;
let healthy: HttpServer;
let healthyUrl: string;

beforeAll(async () => {
  hung = createServer((socket) => {
    sockets.add(socket); // accepted, read, never answered
    socket.on('close', () => sockets.delete(socket));
  });
  const hungPort = await freePort();
  await new Promise<void>((done) => hung.listen(hungPort, '127.0.0.1', done));
  hungUrl = `http://127.0.0.1:${hungPort}`;
  stoppedUrl = `http://127.0.0.1:${await freePort()}`;
  healthy = createHttpServer((request, response) => {
    response.statusCode = request.url === '/healthz' ? 200 : 404;
    response.end('{"status":"ok","database":"up"}');
  });
  const healthyPort = await freePort();
  await new Promise<void>((done) => healthy.listen(healthyPort, '127.0.0.1', done));
  healthyUrl = `http://127.0.0.1:${healthyPort}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((done) => hung.close(done));
  await new Promise((done) => healthy.close(done));
});

afterEach(() => {
  delete process.env.API_TIMEOUT_MS;
  process.env.API_URL = 'http://127.0.0.1:9';
  resetConfig();
});

function useApi(url: string) {
  process.env.API_URL = url;
  process.env.API_TIMEOUT_MS = String(TIMEOUT_MS);
  resetConfig();
}

/** A signed-in request: a session cookie signed like the console's own, for a token the API would check. */
async function signedInRequest(path: string): Promise<Request> {
  const plain = new Request(`${ORIGIN}${path}`);
  const { session } = cookiesFor(plain);
  const s = await session.getSession();
  s.set('token', `cas.msc.${'x'.repeat(43)}`);
  s.set('userId', '00000000-0000-4000-8000-000000000001');
  const cookie = (await session.commitSession(s)).split(';')[0]!;
  return new Request(`${ORIGIN}${path}`, { headers: { cookie } });
}

async function thrown(run: () => Promise<unknown>): Promise<Response> {
  try {
    await run();
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected the loader to throw a Response');
}

describe('a page while the API is away', () => {
  it.each([
    ['stopped', () => stoppedUrl],
    ['hung', () => hungUrl],
  ])('answers 503 with the service-unavailable message when the API is %s', async (_state, target) => {
    useApi(target());
    const started = Date.now();
    const response = await thrown(async () =>
      appLoader({ request: await signedInRequest('/app'), params: {}, context: {} }),
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ message: SERVICE_UNAVAILABLE });
    // The deadline holds: a hung API costs the timeout, not minutes (the bound is loose, for a busy machine).
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 30_000);
  });

  it('waits the configured time for a hung API before giving up', async () => {
    useApi(hungUrl);
    const started = Date.now();
    await thrown(async () => appLoader({ request: await signedInRequest('/app'), params: {}, context: {} }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });
});

describe('/healthz', () => {
  it.each([
    ['stopped', () => stoppedUrl],
    ['hung', () => hungUrl],
  ])('reports 503 and api down when the API is %s', async (_state, target) => {
    useApi(target());
    const response = await healthLoader();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ status: 'error', api: 'down' });
  });

  it('reports ok when the API answers its health check', async () => {
    useApi(healthyUrl);
    const response = await healthLoader();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', api: 'up' });
  });
});
