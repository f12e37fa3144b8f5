#!/usr/bin/env node
// Before/after in one run (npm run bench:before-after -- <checkout> [api] [console]): runs the named benchmarks of
// an earlier checkout (its own bench script against its own build) and of this one, one after the other on the same
// machine, and prints their median figures side by side with the change. A slowdown over 10 % is marked.
//
//   BENCH_PAIRS (default 1)  2: before, after, after, before, the means compared
//   <checkout>   a built working tree of the earlier commit, e.g.
//                git worktree add --detach ../before <commit> && (cd ../before && npm install && npx nx run-many -t build)
// Each benchmark keeps its own ratios against the bare baselines it measures in the same run; their figures are
// printed too, so load on a shared machine shows in both columns alike.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [beforeArg, ...names] = process.argv.slice(2);
if (!beforeArg || !existsSync(join(beforeArg, 'bench'))) {
  console.error('Usage: node bench/before-after.mjs <checkout of the earlier commit, built> [api] [console]');
  process.exit(2);
}
const before = resolve(beforeArg);
const benches = names.length ? names : ['api', 'console'];

/** Runs one benchmark script of a checkout from its root, echoing and keeping its output. */
function run(root, name) {
  return new Promise((done, fail) => {
    // Each checkout keeps its own filled database (their schemas differ), reused by later runs.
    const env = { ...process.env, BENCH_DATA_DIR: join(root, '.data', `bench-${name}`) };
    const child = spawn(process.execPath, [join(root, 'bench', `${name}.mjs`)], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on('error', fail);
    child.on('exit', () => done(out));
  });
}

/** The figures a benchmark prints, as label → { value, unit }: p95 and requests per second of each scenario. */
function figuresOf(name, output) {
  const figures = new Map();
  const lines = output.split('\n');
  if (name === 'api') {
    const start = lines.findIndex((l) => l.startsWith('Medians over the rounds'));
    for (const line of lines.slice(start + 1)) {
      const m = /^\s{2}(.+?)\s+(\d+) req\/s\s+p95\s+([\d.]+) ms/.exec(line);
      if (!m) break;
      figures.set(`${m[1]} — req/s`, { value: Number(m[2]), higherIsBetter: true });
      figures.set(`${m[1]} — p95 ms`, { value: Number(m[3]), higherIsBetter: false });
    }
  } else {
    let section = '';
    for (const line of lines) {
      if (/^\S/.test(line)) section = line.split(' (')[0].split(' —')[0];
      const launcher = /TTFB\) p50 ([\d.]+) ms\s+p95 ([\d.]+) ms/.exec(line);
      if (launcher) figures.set(`${section} — TTFB p95 ms`, { value: Number(launcher[2]), higherIsBetter: false });
      const js = /KB raw, ([\d.]+) KB gzipped/.exec(line);
      if (js) figures.set('JavaScript of the launcher — KB gzipped', { value: Number(js[1]), higherIsBetter: false });
      const list = /^\s{2}(.+?)\s+requests\/s\s+(\d+)\s+non-2xx \d+\s+TTFB p50 [\d.]+ ms\s+p95 ([\d.]+) ms/.exec(line);
      if (list) {
        figures.set(`students ${list[1]} — req/s`, { value: Number(list[2]), higherIsBetter: true });
        figures.set(`students ${list[1]} — TTFB p95 ms`, { value: Number(list[3]), higherIsBetter: false });
      }
    }
  }
  return figures;
}

/** The mean of each figure over several runs of one checkout. */
function meanOf(runs) {
  const mean = new Map();
  for (const [label, first] of runs[0]) {
    const values = runs.map((r) => r.get(label)?.value).filter((v) => v !== undefined);
    mean.set(label, { ...first, value: Number((values.reduce((a, b) => a + b, 0) / values.length).toFixed(1)) });
  }
  return mean;
}

// BENCH_PAIRS=2 runs before, after, after, before: a load that rises or falls steadily during the run then weighs on
// both alike.
const PAIRS = Math.max(1, Number(process.env.BENCH_PAIRS ?? 1));
const report = [];
for (const name of benches) {
  const runs = { before: [], after: [] };
  const order = Array.from({ length: PAIRS }, (_, i) => (i % 2 === 0 ? ['before', 'after'] : ['after', 'before'])).flat();
  for (const which of order) {
    const root = which === 'before' ? before : here;
    console.log(`\n===== bench:${name}, ${which} (${root}) =====`);
    runs[which].push(figuresOf(name, await run(root, name)));
  }
  report.push({ name, old: meanOf(runs.before), now: meanOf(runs.after) });
}

console.log(`\nBefore → after, one run on this machine (load average now ${loadavg()[0].toFixed(2)}):`);
for (const { name, old, now } of report) {
  console.log(`\nbench:${name}`);
  for (const [label, after] of now) {
    const prior = old.get(label);
    if (!prior) {
      console.log(`  ${label.padEnd(58)} ${'—'.padStart(9)} → ${String(after.value).padStart(9)}   (new)`);
      continue;
    }
    const change = prior.value === 0 ? 0 : (after.value - prior.value) / prior.value;
    const worse = after.higherIsBetter ? -change : change;
    const mark = worse > 0.1 ? '  SLOWER by more than 10 %' : '';
    console.log(
      `  ${label.padEnd(58)} ${String(prior.value).padStart(9)} → ${String(after.value).padStart(9)}   ${change >= 0 ? '+' : ''}${(100 * change).toFixed(1)}%${mark}`,
    );
  }
}
