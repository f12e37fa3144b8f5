// Runs the API suite on in-memory PGlite and — when TEST_DATABASE_URL is set (CI sets it) — the same suite against
// that PostgreSQL server, each test file in its own fresh database. The two passes run side by side: a third of the
// suite's time is a few files that mostly wait (a killed process's lease running out, a backup and its restore in
// child processes), and the other pass fills those waits. Each line of output names its pass; the run fails when
// either pass fails. `API_TEST_PASSES=one-by-one` runs them one after the other instead.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = ['vitest', 'run', ...process.argv.slice(2)];
const { TEST_DATABASE_URL, ...withoutPostgres } = process.env;

/** One pass of the suite; resolves to its exit code. Lines are prefixed with the pass's name. */
function pass(label, env) {
  console.log(`\n▶ API tests on ${label}`);
  const child = spawn('npx', args, { env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

const passes = [['PGlite', withoutPostgres]];
if (TEST_DATABASE_URL) passes.push([`PostgreSQL ${new URL(TEST_DATABASE_URL).host}`, process.env]);

let failed = 0;
if (process.env.API_TEST_PASSES === 'one-by-one') {
  for (const [label, env] of passes) if ((await pass(label, env)) !== 0) failed += 1;
} else {
  const codes = await Promise.all(passes.map(([label, env]) => pass(label, env)));
  failed = codes.filter((code) => code !== 0).length;
}
if (failed) {
  console.error(`\n${failed} of ${passes.length} API test passes failed.`);
  process.exit(1);
}
