#!/usr/bin/env node
// Starts the Campus Administration System: the API first (it creates DATA_DIR/secrets.json and the embedded
// database with the demo seed on first start), then, once /healthz answers, the console. Ctrl-C stops both.
// `npm start` builds everything before running this script.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env };
env.DATA_DIR = resolve(root, env.DATA_DIR ?? '.data');
env.NODE_ENV ??= 'production';
const apiPort = env.API_PORT ?? '4000';
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

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

run('API', [apiMain], { cwd: root, env: { ...env, API_PORT: apiPort } });
if (!(await waitForHealth(`${env.API_URL}/healthz`, 120_000))) {
  console.error(`The API did not answer ${env.API_URL}/healthz.`);
  stop(1);
} else {
  run('Console', [join(root, 'apps/console/server.mjs')], {
    cwd: join(root, 'apps/console'),
    env: { ...env, PORT: consolePort },
  });
  if (await waitForHealth(`http://127.0.0.1:${consolePort}/healthz`, 60_000)) {
    console.log(`
  Campus Administration System is running: http://localhost:${consolePort}

  Demo accounts (password Campus!Demo2026):
    admin@example.edu       all eight applications, IAM administrator
    registrar@example.edu   Campus Management only

  Data: ${env.DATA_DIR}   API: ${env.API_URL}   Stop with Ctrl-C.
`);
  }
}
