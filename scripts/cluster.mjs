#!/usr/bin/env node
// Runs the Campus Administration System as several processes behind HAProxy on one PostgreSQL database:
//
//   DATABASE_URL=postgres://… npm run cluster -- --api 2 --console 2
//
// API processes listen on API_PORT+1… (4001, 4002…), consoles on PORT+1… (3001, 3002…), HAProxy on API_PORT (4000) and
// PORT (3000), with the configuration `deploy/haproxy-config.mjs` writes for these counts (in DATA_DIR). The API
// processes start one after another (the first applies the migrations), then the consoles (which reach the API through
// HAProxy), then HAProxy. Ctrl-C or SIGTERM stops everything, each process gracefully. Needs the built apps
// (`npm run build`) and Debian's `haproxy` on the PATH.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { haproxyConfig } from '../deploy/haproxy-config.mjs';
import { apiNodeArgs } from './api-node-args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { api: { type: 'string', default: '2' }, console: { type: 'string', default: '2' } } });
const counts = { api: Number(values.api), console: Number(values.console) };
for (const [name, count] of Object.entries(counts)) {
  if (!Number.isInteger(count) || count < 1 || count > 16) fail(`--${name} must be a whole number from 1 to 16.`);
}
if (!process.env.DATABASE_URL?.startsWith('postgres')) {
  fail('Set DATABASE_URL=postgres://…: several processes share one PostgreSQL database (the embedded one serves a single process).');
}
if (spawnSync('haproxy', ['-v']).error) fail('haproxy is not installed (Debian: apt-get install haproxy).');
const apiMain = join(root, 'apps/api/dist/main.js');
let apiArgs;
try {
  apiArgs = apiNodeArgs(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
for (const file of [apiMain, join(root, 'apps/console/build/server/index.js')]) {
  if (!existsSync(file)) fail(`${file} is missing: run \`npm run build\` first.`);
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
env.DATA_DIR = resolve(root, env.DATA_DIR ?? '.data');
mkdirSync(env.DATA_DIR, { recursive: true });
const apiPort = Number(env.API_PORT ?? 4000);
const consolePort = Number(env.PORT ?? 3000);
const apiAddresses = Array.from({ length: counts.api }, (_, i) => `127.0.0.1:${apiPort + 1 + i}`);
const consoleAddresses = Array.from({ length: counts.console }, (_, i) => `127.0.0.1:${consolePort + 1 + i}`);
const configFile = join(env.DATA_DIR, 'haproxy.cfg');
writeFileSync(configFile, haproxyConfig({ api: apiAddresses, console: consoleAddresses, apiPort, consolePort }));

const children = new Map();
let stopping = false;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function run(name, command, args, options) {
  const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
  children.set(child, name);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) console.error(`${name} stopped (${signal ?? `exit ${code}`}); the others go on.`);
    if (stopping && children.size === 0) process.exit(process.exitCode ?? 0);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.keys()) child.kill(children.get(child) === 'HAProxy' ? 'SIGUSR1' : 'SIGTERM');
  setTimeout(() => {
    for (const child of children.keys()) child.kill('SIGKILL');
    process.exit(code);
  }, 40_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

async function waitForReady(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!stopping) {
    console.error(`${url} did not answer 200 in time.`);
    stop(1);
  }
}

const pids = { api: [], console: [] };
for (const address of apiAddresses) {
  const port = address.split(':')[1];
  const child = run(`API ${address}`, process.execPath, [...apiArgs, apiMain], { cwd: root, env: { ...env, API_HOST: '127.0.0.1', API_PORT: port } });
  pids.api.push(child.pid);
  await waitForReady(`http://${address}/readyz`, 180_000);
}
for (const address of consoleAddresses) {
  const port = address.split(':')[1];
  const child = run(`Console ${address}`, process.execPath, [join(root, 'apps/console/server.mjs')], {
    cwd: join(root, 'apps/console'),
    env: { ...env, HOST: '127.0.0.1', PORT: port, API_URL: `http://127.0.0.1:${apiPort}`, WEB_CONCURRENCY: '1', TRUST_PROXY: 'loopback' },
  });
  pids.console.push(child.pid);
}
// HAProxy in the foreground (-db): SIGUSR1 stops it softly (connections in flight finish).
const haproxy = run('HAProxy', 'haproxy', ['-db', '-f', configFile], { env });
await waitForReady(`http://127.0.0.1:${consolePort}/readyz`, 120_000);
if (!stopping) {
  console.log(`
  Campus Administration System: ${counts.api} API and ${counts.console} console processes behind HAProxy
    console  http://localhost:${consolePort}      API  http://127.0.0.1:${apiPort}
    processes  ${JSON.stringify({ ...pids, haproxy: haproxy.pid })}
    HAProxy configuration  ${configFile}
  Stop with Ctrl-C.
`);
}
