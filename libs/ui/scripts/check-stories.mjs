#!/usr/bin/env node
/**
 * Checks every story of the built workspace Storybook (`npm run build-storybook` → dist/storybook) in Chromium at
 * 1280 × 800 and 390 × 844: axe-core (serious and critical, colour contrast included, which jsdom cannot check) and
 * no sideways scroll (except on the libraries' reference pages). With `--shots DIR` it also writes a PNG of each story at both widths and an index.html.
 *
 *   node libs/ui/scripts/check-stories.mjs [--only prefix,prefix] [--shots DIR]
 *
 * Chromium is taken from CHROMIUM_PATH (default /usr/bin/chromium). Exits 1 when a story has a finding.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../dist/storybook');
const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const only = option('--only')?.split(',') ?? [];
const shots = option('--shots');
const WIDTHS = [
  [1280, 800, 'desktop'],
  [390, 844, 'phone'],
];
const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  const file = resolve(root, `.${path === '/' ? '/index.html' : path}`);
  if (!file.startsWith(root)) return void res.writeHead(403).end();
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const index = JSON.parse(await readFile(join(root, 'index.json'), 'utf8'));
const ids = Object.values(index.entries)
  .filter((e) => e.type === 'story' && (only.length === 0 || only.some((p) => e.id.startsWith(p))))
  .map((e) => e.id);
if (shots) mkdirSync(shots, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const findings = [];
try {
  for (const [width, height, tag] of WIDTHS) {
    const page = await browser.newPage({ viewport: { width, height } });
    for (const id of ids) {
      await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`);
      // Storybook marks the body once the story rendered (or failed to).
      await page.waitForFunction(
        () => /sb-show-(main|errordisplay|nopreview)/.test(document.body.className),
        null,
        { timeout: 15_000 },
      );
      // Play functions and fonts settle.
      await page.waitForTimeout(500);
      if (await page.evaluate(() => document.body.classList.contains('sb-show-errordisplay'))) {
        findings.push(`${id} at ${width} px: the story failed to render`);
        continue;
      }
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async () => {
        // A story is a fragment of a page: page-level landmark and heading rules do not apply to it.
        const off = { enabled: false };
        const result = await window.axe.run(document, {
          rules: { region: off, 'landmark-one-main': off, 'page-has-heading-one': off },
        });
        return result.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      // The libraries' reference pages (wide tables of examples) may scroll; screens' building blocks may not.
      if (overflow > 0 && !id.startsWith('libraries-')) violations.push(`scrolls sideways by ${overflow} px`);
      if (violations.length > 0) findings.push(`${id} at ${width} px: ${violations.join('; ')}`);
      if (shots) {
        // The story's own box, or the whole view when it renders only an overlay (a dialog, a drawer).
        const box = await page.locator('#storybook-root').boundingBox();
        const path = join(shots, `${id}-${tag}.png`);
        if (box && box.height > 0) await page.locator('#storybook-root').screenshot({ path });
        else await page.screenshot({ path });
      }
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}

if (shots) {
  const rows = ids.map(
    (id) =>
      `<h2>${id}</h2><p>${WIDTHS.map(([, , tag]) => `<img src="${id}-${tag}.png" alt="${id} at ${tag} width" loading="lazy">`).join(' ')}</p>`,
  );
  writeFileSync(
    join(shots, 'index.html'),
    `<!doctype html><meta charset="utf-8"><title>Stories</title><style>img{border:1px solid #ccc;vertical-align:top;max-width:100%}</style>${rows.join('\n')}`,
  );
}
for (const f of findings) console.log(f);
console.log(
  `${ids.length - new Set(findings.map((f) => f.split(' at ')[0])).size} passed, ${new Set(findings.map((f) => f.split(' at ')[0])).size} failed`,
);
process.exit(findings.length > 0 ? 1 : 0);
