import pg from 'pg';
const orig = pg.Client.prototype.query;
const stats = new Map();
pg.Client.prototype.query = function (config, values, cb) {
  const text = typeof config === 'string' ? config : config?.text ?? '';
  const key = text.replace(/\s+/g, ' ').slice(0, 90);
  const t = performance.now();
  const r = orig.call(this, config, values, cb);
  if (r && typeof r.then === 'function') r.then(() => { const s = stats.get(key) ?? [0, 0]; s[0]++; s[1] += performance.now() - t; stats.set(key, s); }, () => {});
  return r;
};
process.on('exit', () => { console.log([...stats].sort((a, b) => b[1][1] - a[1][1]).slice(0, 15).map(([k, [n, ms]]) => `${ms.toFixed(0)}ms ${n}x ${k}`).join('\n')); });
