import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The root of the repository (apps/console/e2e → ../../..). */
export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export interface Harness {
  apiUrl: string;
  consoleUrl: string;
  dataDir: string;
  /** Everything the API wrote to stdout and stderr (reset codes are read from here). */
  apiLogFile: string;
  /** The API's process, and the console's (the primary of its workers): tests read their memory from /proc. */
  apiPid: number;
  consolePid: number;
  stop(): Promise<void>;
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** Polls `url` until it answers 2xx, the process dies, or the time is up. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode} before it was healthy.`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms.`);
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts the built API (`apps/api/dist/main.js`, embedded database with the demo seed in a temporary
 * DATA_DIR) and the built console (`server.mjs`) on free ports, and waits until both are healthy. `consoleHost` is the
 * host name the console is published under (its `CONSOLE_URL`), 127.0.0.1 unless given.
 */
export async function startHarness(options: { readonly consoleHost?: string } = {}): Promise<Harness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'cas-e2e-'));
  const apiLogFile = join(dataDir, 'api.log');
  const apiPort = await freePort();
  const consolePort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  // The console listens on 127.0.0.1 either way; a host name (localhost) is for what an IP address cannot be, such as
  // a passkey's relying party ID.
  const consoleUrl = `http://${options.consoleHost ?? '127.0.0.1'}:${consolePort}`;
  // No load balancer waits for these processes to leave its rotation: they stop at once.
  const baseEnv: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'production', SHUTDOWN_DELAY_MS: '0' };
  delete baseEnv.SMTP_URL;
  delete baseEnv.DATABASE_URL;
  delete baseEnv.RESPONSE_ENCRYPTION_KEY;
  delete baseEnv.SESSION_SECRET;

  const log = createWriteStream(apiLogFile);
  const api = spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
    cwd: REPO_ROOT,
    env: { ...baseEnv, API_PORT: String(apiPort), DEMO_SEED: 'on', AUTH_RATE_LIMIT: '1000', CONSOLE_URL: consoleUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.pipe(log);
  api.stderr?.pipe(log);
  const children: ChildProcess[] = [api];
  const stop = async () => {
    await Promise.all(children.map(stopProcess));
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(`${apiUrl}/healthz`, api, 300_000);
    const consoleProcess = spawn(process.execPath, ['server.mjs'], {
      cwd: join(REPO_ROOT, 'apps/console'),
      env: { ...baseEnv, PORT: String(consolePort), HOST: '127.0.0.1', API_URL: apiUrl },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(consoleProcess);
    await waitForHealth(`http://127.0.0.1:${consolePort}/healthz`, consoleProcess, 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { apiUrl, consoleUrl, dataDir, apiLogFile, apiPid: api.pid!, consolePid: children[1]!.pid!, stop };
}
