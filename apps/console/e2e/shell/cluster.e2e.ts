import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../harness';
import { DEMO_USERS } from '../support';

// The recipe of the README's "Run several processes": `npm run cluster -- --api 2 --console 2` on PostgreSQL, HAProxy
// from Debian in front. Any process serves any request, and one API process and then one console process stopped
// with SIGTERM under a stream of page views costs no request.
const serverUrl = process.env.TEST_DATABASE_URL;

function psql(url: string, statement: string): void {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qc', statement], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
}

describe('the HAProxy configuration', () => {
  it('is, in deploy/, what the runner writes for two and two processes, and HAProxy accepts it', async () => {
    const { haproxyConfig } = (await import(join(REPO_ROOT, 'deploy/haproxy-config.mjs'))) as {
      haproxyConfig: (layout: { api: string[]; console: string[]; apiPort: number; consolePort: number }) => string;
    };
    const written = haproxyConfig({ api: ['127.0.0.1:4001', '127.0.0.1:4002'], console: ['127.0.0.1:3001', '127.0.0.1:3002'], apiPort: 4000, consolePort: 3000 });
    expect(readFileSync(join(REPO_ROOT, 'deploy/haproxy.cfg'), 'utf8')).toBe(written);
    const check = spawnSync('haproxy', ['-c', '-f', join(REPO_ROOT, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });
});

describe.runIf(serverUrl)('several processes behind HAProxy', () => {
  const name = `campus_cluster_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cas-cluster-'));
  let runner: ChildProcess | undefined;
  afterAll(async () => {
    if (runner && runner.exitCode === null) {
      const exited = new Promise((done) => runner!.once('exit', done));
      runner.kill('SIGTERM');
      await exited;
    }
    psql(serverUrl!, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves every request while one API and then one console process shut down', async () => {
    psql(serverUrl!, `create database ${name}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${name}`;
    // Three free ports in a row for each side (the balancer's, then one per process).
    const isFree = (port: number) =>
      new Promise<boolean>((done) => {
        const probe = createServer();
        probe.once('error', () => done(false));
        probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
      });
    let apiPort = 0;
    for (;;) {
      apiPort = 20_000 + Math.floor(Math.random() * 30_000);
      const wanted = [0, 1, 2, 10, 11, 12].map((offset) => apiPort + offset);
      if ((await Promise.all(wanted.map(isFree))).every(Boolean)) break;
    }
    const consolePort = apiPort + 10;
    runner = spawn(process.execPath, ['scripts/cluster.mjs', '--api', '2', '--console', '2'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl.toString(), DEMO_SEED: 'on', DATA_DIR: dataDir, API_PORT: String(apiPort), PORT: String(consolePort), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pids = await new Promise<{ api: number[]; console: number[]; haproxy: number }>((done, fail) => {
      runner!.once('exit', (code) => fail(new Error(`the cluster stopped (${code})`)));
      createInterface({ input: runner!.stdout! }).on('line', (line) => {
        const found = /processes {2}(\{.*\})$/.exec(line);
        if (found) done(JSON.parse(found[1]!));
      });
    });
    const url = `http://127.0.0.1:${consolePort}`;

    // Through the balancer: ready, metrics not routed, an id on every request, and a session any console honours.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/auth`)).headers.get('x-request-id')).toMatch(/^[0-9A-F]{20,}$/);
    const signIn = await fetch(`${url}/auth`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: url },
      body: new URLSearchParams({ email: DEMO_USERS.admin.email, password: DEMO_USERS.admin.password }),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    // Page views without pause (each renders in a console and calls the API through the balancer), while processes stop.
    let stop = false;
    const failures: string[] = [];
    let served = 0;
    const viewer = async () => {
      while (!stop) {
        try {
          const page = await fetch(`${url}/app`, { headers: { cookie }, redirect: 'manual' });
          await page.text();
          if (page.status === 200) served += 1;
          else failures.push(`status ${page.status}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const viewers = [viewer(), viewer(), viewer(), viewer()];
    const gone = (pid: number) => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    };
    const stopAndWait = async (pid: number) => {
      process.kill(pid, 'SIGTERM');
      const end = Date.now() + 40_000;
      while (!gone(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      expect(gone(pid)).toBe(true);
    };
    await new Promise((r) => setTimeout(r, 2_000));
    await stopAndWait(pids.api[0]!);
    await new Promise((r) => setTimeout(r, 2_000));
    await stopAndWait(pids.console[0]!);
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await Promise.all(viewers);
    console.log(`cluster: ${served} page views served, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
  }, 400_000);
});
