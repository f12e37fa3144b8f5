// Copies non-TypeScript assets (e.g. CSS) from a library's source folder to its build folder.
import { cpSync, readdirSync, statSync, mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';

const [from, to, ext] = process.argv.slice(2);
if (!from || !to || !ext) throw new Error('usage: copy-assets <from> <to> <ext>');
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
for (const file of walk(from).filter((f) => f.endsWith(ext))) {
  const target = join(to, file.slice(from.length));
  mkdirSync(dirname(target), { recursive: true });
  cpSync(file, target);
}
