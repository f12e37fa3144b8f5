// A real API process (`src/main.ts`) for the tests of shutdown and hand-over: its port, its log lines (pino JSON) and
// a way to wait for it to become ready or to exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

export interface ApiProcess {
  readonly child: ChildProcess;
  readonly url: string;
  /** Every JSON line the process has logged so far. */
  readonly logs: Record<string, unknown>[];
  /** Resolves with the exit code (or signal) once the process ends. */
  readonly exited: Promise<number | string>;
  /** Waits until `/readyz` answers 200. */
  ready(ms?: number): Promise<void>;
}

/** A port nobody listens on now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

/** Starts `src/main.ts` on a free port with the given environment (the database's, the shutdown timings…). */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../main.ts')], {
    env: {
      ...process.env,
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DEMO_SEED: 'off',
      RESPONSE_ENCRYPTION: 'off',
      RESPONSE_ENCRYPTION_KEY: 'process-test-key',
      SESSION_SECRET: 'process-test-secret',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('{')) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<number | string>((done) => child.once('exit', (code, signal) => done(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  return {
    child,
    url,
    logs,
    exited,
    async ready(ms = 180_000) {
      const end = Date.now() + ms;
      let gone = false;
      void exited.then(() => (gone = true));
      for (;;) {
        if (gone) throw new Error(`The API process stopped while starting: ${stderr}`);
        try {
          if ((await fetch(`${url}/readyz`)).status === 200) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > end) throw new Error(`The API process was not ready in ${ms} ms: ${stderr}`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
  };
}
