// Runs drizzle-kit for this package. npm installs drizzle-orm under apps/api/node_modules while drizzle-kit is
// hoisted to the root, and drizzle-kit imports drizzle-orm from its own location; so for the duration of the
// run a link at the root makes the package's drizzle-orm visible to it. The link is removed afterwards.
// Our libraries export ESM under the `import` condition only; drizzle-kit loads the schema with require(), so
// it runs with `--conditions=import` (Node 20.19+ can require ES modules).
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const app = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(app, '../..');
const link = join(root, 'node_modules', 'drizzle-orm');
const local = join(app, 'node_modules', 'drizzle-orm');
const linked = !existsSync(link) && existsSync(local);
if (linked) symlinkSync(local, link, 'dir');
try {
  const bin = join(root, 'node_modules', 'drizzle-kit', 'bin.cjs');
  const result = spawnSync(process.execPath, ['--conditions=import', bin, ...process.argv.slice(2)], { cwd: app, stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  if (linked) rmSync(link);
}
