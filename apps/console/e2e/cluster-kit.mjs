// The cluster of the README's "Run several processes" (`scripts/cluster.mjs`: HAProxy in front of API and console
// processes on one PostgreSQL database) started on free ports, its processes stopped, killed and started again, and a
// load of mixed reads and writes through the balancer whose every answer is counted. Shared by the cluster e2e tests
// and `bench/cluster.mjs` (plain JavaScript so the bench runs it with node alone).
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { envelopeCodec } from '@campus/api-contract/node';

export const REPO_ROOT = resolve(import.meta.dirname, '../../..');

export function psql(url, statement) {
  const result = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', statement], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));

function isFree(port) {
  return new Promise((done) => {
    const probe = createServer();
    probe.once('error', () => done(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
  });
}

/** The first port the system gives outgoing connections (Linux's `ip_local_port_range`; 32768 where it cannot be read). */
function outgoingPortsFrom() {
  try {
    return Number.parseInt(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0], 10) || 32_768;
  } catch {
    return 32_768;
  }
}

export function isGone(pid) {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

async function waitForStatus(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await answer.arrayBuffer();
      if (answer.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Starts `scripts/cluster.mjs --api 2 --console 2` (by default) on `databaseUrl` with the demo seed, on free ports.
 * Processes are addressed by side and index (`api` 0, 1…, `console` 0, 1…); each can be stopped (SIGTERM, waiting
 * for the exit), killed (SIGKILL) and started again on its port with the runner's command and environment.
 */
export async function startCluster({ databaseUrl, dataDir, api = 2, consoles = 2, logLevel = 'warn' }) {
  // Ports below the range the system hands out to outgoing connections: a process started again on its port while
  // the load runs would otherwise find it taken as the local port of some connection (EADDRINUSE).
  const below = Math.max(12_000, outgoingPortsFrom());
  let apiPort = 0;
  for (;;) {
    apiPort = 10_000 + Math.floor(Math.random() * (below - 10_000 - 40));
    const wanted = [0, 10].flatMap((side) => Array.from({ length: 1 + Math.max(api, consoles) }, (_, i) => apiPort + side + i));
    if ((await Promise.all(wanted.map(isFree))).every(Boolean)) break;
  }
  const consolePort = apiPort + 10;
  const env = {
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: databaseUrl,
    DEMO_SEED: 'on',
    DATA_DIR: dataDir,
    API_PORT: String(apiPort),
    PORT: String(consolePort),
    LOG_LEVEL: logLevel,
  };
  const runner = spawn(process.execPath, ['scripts/cluster.mjs', '--api', String(api), '--console', String(consoles)], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = await new Promise((done, fail) => {
    runner.once('exit', (code) => fail(new Error(`the cluster stopped (${code})`)));
    createInterface({ input: runner.stdout }).on('line', (line) => {
      const found = /processes {2}(\{.*\})$/.exec(line);
      if (found) done(JSON.parse(found[1]));
    });
  });
  /** Processes this module started again (the runner does not know them): stopped by `close`. */
  const restarted = new Set();

  const portOf = (side, index) => (side === 'api' ? apiPort : consolePort) + 1 + index;
  const start = async (side, index) => {
    const port = String(portOf(side, index));
    const child =
      side === 'api'
        ? spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/main.js')], {
            cwd: REPO_ROOT,
            env: { ...env, API_HOST: '127.0.0.1', API_PORT: port },
            stdio: ['ignore', 'inherit', 'inherit'],
          })
        : spawn(process.execPath, [join(REPO_ROOT, 'apps/console/server.mjs')], {
            cwd: join(REPO_ROOT, 'apps/console'),
            env: { ...env, HOST: '127.0.0.1', PORT: port, API_URL: `http://127.0.0.1:${apiPort}`, WEB_CONCURRENCY: '1', TRUST_PROXY: 'loopback' },
            stdio: ['ignore', 'inherit', 'inherit'],
          });
    restarted.add(child);
    child.once('exit', () => restarted.delete(child));
    pids[side][index] = child.pid;
    await waitForStatus(`http://127.0.0.1:${port}/readyz`, 120_000);
  };
  const waitGone = async (pid, timeoutMs) => {
    const end = Date.now() + timeoutMs;
    while (!isGone(pid) && Date.now() < end) await sleep(100);
    if (!isGone(pid)) throw new Error(`process ${pid} still runs after ${timeoutMs} ms`);
  };

  // The API seals its answers with the key the processes share in DATA_DIR (the console opens them the same way).
  const codec = envelopeCodec(JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).responseEncryptionKey);
  return {
    pids,
    /** An API answer's body, opened. */
    open: (text) => codec.decode(text),
    apiUrl: `http://127.0.0.1:${apiPort}`,
    consoleUrl: `http://127.0.0.1:${consolePort}`,
    /** SIGTERM, then the exit (a graceful stop drains first). */
    async stop(side, index) {
      const pid = pids[side][index];
      process.kill(pid, 'SIGTERM');
      await waitGone(pid, 40_000);
    },
    /** SIGKILL: no drain, no goodbye; returns once the process is gone. */
    async kill(side, index) {
      const pid = pids[side][index];
      process.kill(pid, 'SIGKILL');
      await waitGone(pid, 10_000);
    },
    /** Starts the process again on its port and waits until its /readyz answers 200. */
    start,
    /** Whether every process answers its /readyz (processes killed earlier are started again first). */
    async startMissing() {
      for (const side of ['api', 'console']) {
        for (let index = 0; index < pids[side].length; index += 1) if (isGone(pids[side][index])) await start(side, index);
      }
    },
    async close() {
      const exits = [...restarted].map((child) => new Promise((done) => (child.once('exit', done), child.kill('SIGTERM'))));
      if (runner.exitCode === null) {
        exits.push(new Promise((done) => runner.once('exit', done)));
        runner.kill('SIGTERM');
      }
      await Promise.all(exits);
    },
  };
}

/** A bearer token from the API's sign-in. */
export async function apiToken({ apiUrl, open }, { email, password }) {
  const answer = await fetch(`${apiUrl}/core/v1.0/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`the API's sign-in answered ${answer.status}`);
  return open(await answer.text()).data.token;
}

/** The session cookie of the console's sign-in form. */
export async function consoleCookie(consoleUrl, { email, password }) {
  const answer = await fetch(`${consoleUrl}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: consoleUrl },
    body: new URLSearchParams({ email, password }),
  });
  if (answer.status !== 302) throw new Error(`the console's sign-in answered ${answer.status}`);
  return answer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const BREAKS = '/core/v1.0/academic-breaks';
const BREAKS_PAGE = '/app/campus-management/academic-break';

/**
 * `loops` loops without pause until `running()` turns false, each request one of: the academic breaks' list page of
 * the console (rendered by a console, which calls the API through the balancer), the API's list of them, or (one in
 * three) a new academic break through the API with a name no other request uses. Every answer is kept: reads as
 * served or failed, writes as confirmed (2xx) or not (any other status or no answer), by name, in `tally` (given to
 * read it while the load runs).
 */
export async function runLoad({ apiUrl, consoleUrl, token, cookie, loops, prefix, running, tally = newTally() }) {
  const { reads, writes } = tally;
  const loop = async (n) => {
    for (let i = 0; running(); i += 1) {
      const kind = i % 3 === 2 ? 'write' : (i + n) % 2 === 0 ? 'page' : 'list';
      if (kind === 'write') {
        const name = `${prefix} ${n}-${i}`;
        try {
          const answer = await fetch(`${apiUrl}${BREAKS}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ name, description: 'Written under load.', startDate: '2026-12-19', endDate: '2027-01-03' }),
            signal: AbortSignal.timeout(20_000),
          });
          await answer.arrayBuffer();
          (answer.ok ? writes.confirmed : writes.unconfirmed).push({ name, outcome: String(answer.status) });
        } catch (error) {
          writes.unconfirmed.push({ name, outcome: String(error?.cause?.code ?? error) });
        }
        continue;
      }
      const target = kind === 'page' ? `${consoleUrl}${BREAKS_PAGE}` : `${apiUrl}${BREAKS}?limit=20`;
      let status = 0;
      try {
        const answer = await fetch(target, {
          headers: kind === 'page' ? { cookie } : { authorization: `Bearer ${token}` },
          redirect: 'manual',
          signal: AbortSignal.timeout(20_000),
        });
        status = answer.status;
        await answer.arrayBuffer();
        if (answer.status === 200) reads.served += 1;
        else reads.failed.push(`${kind}: status ${answer.status}`);
      } catch (error) {
        // A body cut after its status line had come is told apart from no answer at all.
        reads.failed.push(`${kind}: ${status ? `cut after status ${status}: ` : ''}${error?.cause?.code ?? error}`);
      }
    }
  };
  await Promise.all(Array.from({ length: loops }, (_, n) => loop(n)));
  return tally;
}

export function newTally() {
  return { reads: { served: 0, failed: [] }, writes: { confirmed: [], unconfirmed: [] } };
}

/**
 * What the database holds of the load's writes: every confirmed write must be there once; an unconfirmed one may be
 * there (the process wrote it and died before answering) or not; none twice.
 */
export function checkWrites(databaseUrl, prefix, writes) {
  const stored = new Map();
  const rows = psql(databaseUrl, `select name, count(*) from academic_breaks where name like '${prefix.replace(/'/g, "''")} %' group by name`);
  for (const line of rows.split('\n').filter(Boolean)) {
    const [name, count] = line.split('|');
    stored.set(name, Number(count));
  }
  const asked = new Set([...writes.confirmed, ...writes.unconfirmed].map((w) => w.name));
  return {
    confirmed: writes.confirmed.length,
    unconfirmed: writes.unconfirmed.length,
    unconfirmedPresent: writes.unconfirmed.filter((w) => stored.has(w.name)).length,
    unconfirmedAbsent: writes.unconfirmed.filter((w) => !stored.has(w.name)).length,
    missing: writes.confirmed.filter((w) => !stored.has(w.name)).map((w) => w.name),
    duplicates: [...stored].filter(([, count]) => count > 1).map(([name]) => name),
    unasked: [...stored.keys()].filter((name) => !asked.has(name)),
  };
}
