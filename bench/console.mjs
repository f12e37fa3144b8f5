#!/usr/bin/env node
// Console benchmarks (issue 4): the launcher's time to first byte (p95) at 10 connections for a signed-in
// user, and the gzipped JavaScript the launcher page loads against a 150 KB budget.
//
// By default it starts its own API and console (built; temporary DATA_DIR with the demo seed) on free ports.
// Set CONSOLE_URL (and BENCH_EMAIL / BENCH_PASSWORD) to measure a console that is already running.
// Loopback only; each run lasts a few seconds.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 10;
const JS_BUDGET_KB = 150;
const EMAIL = process.env.BENCH_EMAIL ?? 'admin@example.edu';
const PASSWORD = process.env.BENCH_PASSWORD ?? 'Campus!Demo2026';
/** Synthetic students added before the API starts, for the students list and search (issue 5). */
const BULK_STUDENTS = Number(process.env.BENCH_STUDENTS ?? 100_000);

// ---------- processes ----------
const children = [];
function freePort() {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
  });
}
async function waitFor(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer in time`);
}
async function startStack() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cas-bench-'));
  const [apiPort, consolePort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    DEMO_SEED: 'on',
    AUTH_RATE_LIMIT: '1000',
  };
  delete env.DATABASE_URL;
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  if (BULK_STUDENTS > 0) {
    // The embedded database serves one process at a time, so the volume goes in before the API starts.
    console.log(`Adding ${BULK_STUDENTS} students (seed:bulk)…`);
    const bulk = spawnSync(
      process.execPath,
      [join(root, 'apps/api/dist/db/seed-bulk.js'), '--students', String(BULK_STUDENTS)],
      { env, stdio: 'ignore' },
    );
    if (bulk.status !== 0) throw new Error('seed:bulk failed');
  }
  children.push(
    spawn(process.execPath, [join(root, 'apps/api/dist/main.js')], {
      env: { ...env, API_PORT: String(apiPort) },
      stdio: 'ignore',
    }),
  );
  await waitFor(`${apiUrl}/healthz`);
  children.push(
    spawn(
      process.execPath,
      [join(root, 'node_modules/@remix-run/serve/dist/cli.js'), 'build/server/index.js'],
      {
        cwd: join(root, 'apps/console'),
        env: { ...env, PORT: String(consolePort), HOST: '127.0.0.1', API_URL: apiUrl },
        stdio: 'ignore',
      },
    ),
  );
  const consoleUrl = `http://127.0.0.1:${consolePort}`;
  await waitFor(`${consoleUrl}/healthz`);
  return { consoleUrl, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}
function stopAll() {
  for (const c of children) c.kill('SIGTERM');
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

// ---------- helpers ----------
/** Signs in through the console's form and returns the Cookie header of the session. */
async function signIn(consoleUrl) {
  const response = await fetch(`${consoleUrl}/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: consoleUrl },
    body: new URLSearchParams({ email: EMAIL, password: PASSWORD }),
  });
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const session = cookies.find((c) => c.startsWith('msc.session='));
  if (!session) throw new Error(`sign-in failed (${response.status})`);
  return session;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** autocannon at 10 connections; per-request response times collected for exact percentiles. */
async function load(url, cookie) {
  const times = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { cookie } });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    if (statusCode === 200) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    requests: result.requests.average,
    non2xx: result.non2xx,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
  };
}

/** Gzipped size of every script the page loads (module scripts, modulepreloads), each counted once. */
async function javaScriptOf(consoleUrl, path, cookie) {
  const html = await (await fetch(`${consoleUrl}${path}`, { headers: { cookie } })).text();
  const urls = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<script[^>]+src="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/import\s*(?:[^"']*from\s*)?["']([^"']+\.js)["']/g)) urls.add(m[1]);
  let raw = 0;
  let gzipped = gzipSync(
    Buffer.from(html.match(/<script[^>]*>([\s\S]*?)<\/script>/g)?.join('') ?? ''),
  ).length;
  for (const u of urls) {
    const body = Buffer.from(await (await fetch(new URL(u, consoleUrl))).arrayBuffer());
    raw += body.length;
    gzipped += gzipSync(body, { level: 9 }).length;
  }
  return { files: urls.size, rawKb: raw / 1024, gzipKb: gzipped / 1024 };
}

// ---------- run ----------
const external = process.env.CONSOLE_URL;
const stack = external ? { consoleUrl: external.replace(/\/+$/, ''), cleanup() {} } : await startStack();
let failed = false;
try {
  const cookie = await signIn(stack.consoleUrl);
  const warm = await fetch(`${stack.consoleUrl}/app`, { headers: { cookie } });
  if (warm.status !== 200) throw new Error(`/app answered ${warm.status}`);

  console.log(
    `\nConsole benchmarks — ${stack.consoleUrl} (${CONNECTIONS} connections, ${DURATION_S} s per run)\n`,
  );
  const launcher = await load(`${stack.consoleUrl}/app`, cookie);
  console.log('Launcher /app (signed in)');
  console.log(`  requests/s ${launcher.requests.toFixed(0)}   non-2xx ${launcher.non2xx}`);
  console.log(
    `  response time (TTFB) p50 ${launcher.p50.toFixed(1)} ms   p95 ${launcher.p95.toFixed(1)} ms   p99 ${launcher.p99.toFixed(1)} ms`,
  );

  const js = await javaScriptOf(stack.consoleUrl, '/app', cookie);
  const withinBudget = js.gzipKb <= JS_BUDGET_KB;
  failed ||= !withinBudget;
  console.log('\nJavaScript loaded by the launcher');
  console.log(
    `  ${js.files} files, ${js.rawKb.toFixed(1)} KB raw, ${js.gzipKb.toFixed(1)} KB gzipped — budget ${JS_BUDGET_KB} KB: ${withinBudget ? 'OK' : 'OVER'}`,
  );
  // Further sections (resource lists) are added below this line.

  // ---------- Students list and student search over 100,000 students (issue 5) ----------
  // The generic list screen at volume: server-side paging, search and sort only. Target: TTFB p95 ≤ 150 ms.
  const STUDENTS_P95_MS = 150;
  const studentsPath = '/app/campus-management/students';
  const firstPage = await (await fetch(`${stack.consoleUrl}${studentsPath}`, { headers: { cookie } })).text();
  const total = /of ([\d,]+)/.exec(firstPage)?.[1] ?? '?';
  console.log(`\nStudents (${total} in the list)`);
  for (const [name, path] of [
    ['list  ', studentsPath],
    ['search', `${studentsPath}?q=santos`],
  ]) {
    const r = await load(`${stack.consoleUrl}${path}`, cookie);
    const ok = r.non2xx === 0 && r.p95 <= STUDENTS_P95_MS;
    failed ||= !ok;
    console.log(
      `  ${name} ${path}: requests/s ${r.requests.toFixed(0)}   non-2xx ${r.non2xx}   TTFB p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms — target ${STUDENTS_P95_MS} ms: ${ok ? 'OK' : 'OVER'}`,
    );
  }
} finally {
  stopAll();
  stack.cleanup();
}
process.exitCode = failed ? 1 : 0;
