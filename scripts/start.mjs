#!/usr/bin/env node
// Starts the Campus Administration System: the API first (it creates DATA_DIR/secrets.json and the embedded
// database with the demo seed on first start), then, once its /readyz answers (the database is up and migrated),
// the console. Ctrl-C stops both. `npm start` builds everything before running this script.
// API_START_TIMEOUT: how long to wait for the API, in seconds (600 by default: a first start migrates and seeds).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiNodeArgs, apiNodeEnv } from './api-node-args.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
env.DATA_DIR = resolve(root, env.DATA_DIR ?? '.data');
env.NODE_ENV ??= 'production';
const apiPort = env.API_PORT ?? '4000';
const apiStartSeconds = Number(env.API_START_TIMEOUT ?? 600);
if (!Number.isFinite(apiStartSeconds) || apiStartSeconds <= 0) {
  console.error(`API_START_TIMEOUT must be a number of seconds above 0 (it is "${env.API_START_TIMEOUT}").`);
  process.exit(1);
}
let apiArgs;
try {
  apiArgs = apiNodeArgs(env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
const consolePort = env.PORT ?? '3000';
env.API_URL ??= `http://127.0.0.1:${apiPort}`;

const apiMain = join(root, 'apps/api/dist/main.js');
const consoleServer = join(root, 'apps/console/build/server/index.js');
for (const file of [apiMain, consoleServer]) {
  if (!existsSync(file)) {
    console.error(`${file} is missing: run \`npm start\` (which builds first) or \`npm run build\`.`);
    process.exit(1);
  }
}

const children = new Set();
let stopping = false;

function run(name, args, options) {
  const child = spawn(process.execPath, args, { stdio: 'inherit', ...options });
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
      stop(code ?? 1);
    } else if (children.size === 0) process.exit(process.exitCode ?? 0);
  });
  return child;
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(code);
  }, 10_000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

/** What an address answers now, in words: ok, or why not (its status and message, or that nothing listens yet). */
async function ask(url) {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (answer.ok) return { ok: true };
    const body = await answer.json().catch(() => ({}));
    return { ok: false, why: `answered ${answer.status}${typeof body.message === 'string' ? `: ${body.message}` : ''}` };
  } catch {
    return { ok: false, why: 'not answering yet' };
  }
}

/**
 * Waits until `url` answers 200, at most `timeoutMs`, saying every 30 s that it still waits and why; answers the
 * last reason when it gives up (or `null` once it answered).
 */
async function waitUntilReady(url, timeoutMs, what) {
  const started = Date.now();
  let said = started;
  let why = 'not answering yet';
  while (Date.now() - started < timeoutMs && !stopping) {
    const answer = await ask(url);
    if (answer.ok) return null;
    why = answer.why;
    if (Date.now() - said >= 30_000) {
      said = Date.now();
      console.error(`Still waiting for ${what} (${Math.round((said - started) / 1000)} s; ${url} ${why})…`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return why;
}

run('API', [...apiArgs, apiMain], { cwd: root, env: { ...env, ...apiNodeEnv(env), API_PORT: apiPort } });
console.error(`Starting the API on ${env.API_URL} (data in ${env.DATA_DIR}); a first start creates the database and the demo data.`);
const apiProblem = await waitUntilReady(`${env.API_URL}/readyz`, apiStartSeconds * 1000, 'the API');
if (stopping) {
  // The API stopped while it was starting; `run` said so.
} else if (apiProblem !== null) {
  console.error(
    `The API was not ready within ${apiStartSeconds} s: ${env.API_URL}/readyz ${apiProblem}. ` +
      'Look at its log above; on a slow machine set API_START_TIMEOUT (seconds) to wait longer.',
  );
  stop(1);
} else {
  run('Console', [join(root, 'apps/console/server.mjs')], {
    cwd: join(root, 'apps/console'),
    env: { ...env, PORT: consolePort },
  });
  const consoleProblem = await waitUntilReady(`http://127.0.0.1:${consolePort}/readyz`, 120_000, 'the console');
  if (stopping) {
    // The console stopped while it was starting; `run` said so.
  } else if (consoleProblem !== null) {
    console.error(`The console was not ready within 120 s: http://127.0.0.1:${consolePort}/readyz ${consoleProblem}.`);
    stop(1);
  } else {
    console.log(`
  Campus Administration System is running: http://localhost:${consolePort}

  Demo accounts (password Campus!Demo2026):
    admin@example.edu       all eight applications, IAM administrator
    registrar@example.edu   Campus Management only

  Data: ${env.DATA_DIR}   API: ${env.API_URL}   Stop with Ctrl-C.
`);
  }
}
