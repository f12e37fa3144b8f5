// The API server child of a benchmark (`node <bench> --serve`) and the admin's token on it, shared by the benches
// that run the API in its own process.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

/** Starts `node <script> --serve`; resolves with the child and the JSON line it prints once listening. */
export function startServer(script) {
  const child = spawn(process.execPath, [script, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return readyLine(child, 'the API').then((ready) => ({ child, ...ready }));
}

/**
 * Resolves with the first line a server child prints on its standard output, parsed as JSON (its ready line); fails
 * when the line is not JSON or when the child, named `what` in the message, exits before printing it.
 */
export function readyLine(child, what) {
  return new Promise((done, fail) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk;
      const end = buffered.indexOf('\n');
      if (end < 0) return;
      child.stdout.off('data', onData);
      child.stdout.resume();
      try {
        done(JSON.parse(buffered.slice(0, end)));
      } catch (error) {
        fail(error);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.once('exit', (code) => fail(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

/** Signs the demo admin in and answers the `Authorization` header, decoding with the key kept in `dataDir`. */
export async function adminHeaders(url, dataDir) {
  const signIn = await fetch(`${url}/core/v1.0/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.edu', password: 'Campus!Demo2026' }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
  const { decodeEnvelope } = await import('../../libs/api-contract/dist/index.js');
  const { loadConfig } = await import('../../apps/api/dist/config.js');
  const key = loadConfig({ ...process.env, DATA_DIR: resolve(dataDir) }).responseEncryptionKey;
  const { token } = decodeEnvelope(await signIn.text(), key).data;
  return { authorization: `Bearer ${token}` };
}

/** Stops a server child started by `startServer` and waits for it to exit. */
export function stopServer(server) {
  return new Promise((done) => {
    server.child.once('exit', done);
    server.child.kill('SIGTERM');
  });
}

/**
 * The serving side's database (`BENCH_DATA_DIR`, by default `defaultDataDir`, or `DATABASE_URL`), filled once to
 * `students` students, with the API's config and its `rows` and `sql` helpers for further fills.
 */
export async function openBenchDatabase(defaultDataDir, students) {
  const { loadConfig } = await import('../../apps/api/dist/config.js');
  const { openDatabase, rows } = await import('../../apps/api/dist/platform/db/client.js');
  const { seedBulk } = await import('../../apps/api/dist/platform/db/seed-bulk.js');
  const { sql } = await import('../../apps/api/node_modules/drizzle-orm/index.js');
  const dataDir = resolve(process.env.BENCH_DATA_DIR ?? defaultDataDir);
  const config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }), host: '127.0.0.1' };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const [present] = await rows(database.db, sql`select count(*)::int as n from students`);
  if (present.n < students) {
    console.error(`filling the benchmark database to ${students} students (${database.kind}); this happens once`);
    await seedBulk(database.db, students - present.n, () => {});
  }
  return { config, database, rows, sql };
}

/**
 * Serves the API (answers encrypted) over `database` on a free loopback port, closes it on SIGTERM, and prints the
 * ready line `startServer` waits for: its URL, the database's kind and `figures`.
 */
export async function serveApi(config, database, figures) {
  const { buildApp } = await import('../../apps/api/dist/app.js');
  const app = await buildApp({ config: { ...config, responseEncryption: true }, database, logger: { level: 'warn' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    process.exit(0);
  });
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${app.server.address().port}`, kind: database.kind, ...figures })}\n`);
}
