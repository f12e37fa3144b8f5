#!/usr/bin/env node
// The screen gallery (`npm run screens`): a PNG of every console screen at 1280×800 and at 390×844, written with an
// index page into `screens/` (not committed), so the whole console can be reviewed at a glance.
//
// It starts the built API and console (run `npm start` or `npm run build` once first) on free ports with a fresh
// embedded database holding the demo data, signs in as the demo administrator, and walks every screen: the public
// pages signed out, the rest signed in (see apps/console/e2e/console-walk.mjs). Chromium: CHROMIUM_PATH, else
// /usr/bin/chromium. Options: SCREENS_DIR (default screens/), SCREENS_MAX (pages per walk, default 400).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { consoleScreens, isPublicPath, walk } from '../apps/console/e2e/console-walk.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, process.env.SCREENS_DIR ?? 'screens');
const max = Number(process.env.SCREENS_MAX ?? 400);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];
const ADMIN = { email: 'admin@example.edu', password: 'Campus!Demo2026' };

for (const file of ['apps/api/dist/main.js', 'apps/console/build/server/index.js']) {
  if (!existsSync(join(root, file))) {
    console.error(`${file} is missing: run \`npm start\` (which builds first) or \`npm run build\`, then this again.`);
    process.exit(1);
  }
}
if (!existsSync(chromiumPath)) {
  console.error(`No Chromium at ${chromiumPath}: install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}

function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline && !stopping) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`${url} did not answer in time`);
}

const dataDir = mkdtempSync(join(tmpdir(), 'cas-screens-'));
const [apiPort, consolePort] = [await freePort(), await freePort()];
const consoleUrl = `http://127.0.0.1:${consolePort}`;
const app = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  env: { ...process.env, DATA_DIR: dataDir, API_PORT: String(apiPort), PORT: String(consolePort), AUTH_RATE_LIMIT: '1000' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let stopping = false;
const stopApp = () => {
  stopping = true;
  app.kill('SIGTERM');
};
app.on('exit', (code) => {
  if (stopping) return;
  console.error(`The console stopped before the walk ended (exit ${code}).`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
process.on('SIGINT', () => {
  stopApp();
  process.exit(130);
});

const slug = (url) => (url.pathname + url.search).replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root';

try {
  console.log(`Starting the console with the demo data (${dataDir})…`);
  // scripts/start.mjs gives the API API_START_TIMEOUT (600 s by default) and the console 120 s, and stops both with a
  // message if either is not ready; the walk waits as long (the app's exit ends this script sooner).
  await waitFor(`${consoleUrl}/readyz`, (Number(process.env.API_START_TIMEOUT ?? 600) + 150) * 1000);
  const screens = await consoleScreens(join(root, 'apps/console'));
  const seeds = screens.filter((s) => !s.hasParameters).map((s) => s.path);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', '--disable-gpu'] });
  /** address → { status, files by width } */
  const shots = new Map();
  for (const size of WIDTHS) {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
      if (signedIn) {
        const answer = await context.request.post(`${consoleUrl}/auth`, { form: ADMIN, headers: { origin: consoleUrl }, maxRedirects: 0 });
        if (!(await context.cookies()).some((c) => c.name === 'msc.session')) throw new Error(`Signing in as ${ADMIN.email} answered ${answer.status()}.`);
      }
      const page = await context.newPage();
      const visited = await walk(
        page,
        consoleUrl,
        screens,
        seeds.filter((p) => isPublicPath(p) !== signedIn),
        {
          max,
          allow: (url) => isPublicPath(url.pathname) !== signedIn,
          visit: async (p, url, _screen, status) => {
            await p.evaluate(() => document.fonts.ready);
            const file = `${slug(url)}-${size.name}.png`;
            await p.screenshot({ path: join(out, file), fullPage: true });
            const key = url.pathname + url.search;
            const entry = shots.get(key) ?? { status, files: {} };
            entry.files[size.name] = file;
            shots.set(key, entry);
          },
        },
      );
      console.log(`${size.width}×${size.height}, ${signedIn ? 'signed in' : 'signed out'}: ${visited.length} screens`);
      await context.close();
    }
  }
  await browser.close();
  const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const rows = [...shots.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(
      ([address, { status, files }]) =>
        `<tr><th scope="row"><code>${escape(address)}</code>${status >= 400 ? ` <small>(${status})</small>` : ''}</th>${WIDTHS.map((size) =>
          files[size.name]
            ? `<td><a href="${files[size.name]}"><img src="${files[size.name]}" alt="${escape(address)} at ${size.width} px" loading="lazy" width="${size.name === 'desktop' ? 320 : 130}"></a></td>`
            : '<td>—</td>',
        ).join('')}</tr>`,
    )
    .join('\n');
  writeFileSync(
    join(out, 'index.html'),
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>Campus Administration System — screens</title>
<style>body{font:14px system-ui,sans-serif;margin:24px}table{border-collapse:collapse}th,td{border:1px solid #ddd;padding:8px;vertical-align:top;text-align:left}img{display:block;border:1px solid #eee}</style>
<h1>Every screen, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC</h1>
<p>${shots.size} addresses. Click an image for the full page.</p>
<table><thead><tr><th scope="col">Address</th>${WIDTHS.map((s) => `<th scope="col">${s.width}×${s.height}</th>`).join('')}</tr></thead><tbody>
${rows}
</tbody></table></html>\n`,
  );
  console.log(`Wrote ${shots.size} screens to ${relative(process.cwd(), out) || '.'}/ — open ${relative(process.cwd(), join(out, 'index.html'))}`);
} finally {
  const exited = new Promise((done) => app.once('exit', done));
  stopApp();
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
