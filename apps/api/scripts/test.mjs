// Runs the API suite on in-memory PGlite, then — when TEST_DATABASE_URL is set (CI sets it) — the same suite
// again against that PostgreSQL server, each test file in its own fresh database.
import { spawnSync } from 'node:child_process';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;
const run = (label, env) => {
  console.log(`\n▶ API tests on ${label}`);
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run('PGlite (in memory)', withoutPostgres);
if (TEST_DATABASE_URL) run(`PostgreSQL (${new URL(TEST_DATABASE_URL).host})`, process.env);
