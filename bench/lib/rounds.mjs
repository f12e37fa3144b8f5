// Rounds of autocannon runs over a list of scenarios, shared by bench/support.mjs and bench/reports.mjs: a warm-up
// second of each scenario, then `rounds` runs of each in turn, each run's figures printed as it ends.

export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * Runs every scenario (`{ key, title, path, next? }`; `next` gives a new path per request) against `url`; answers the
 * runs of each scenario by its key, each `{ rps, p95, errors }`. `width` pads the titles in the printed lines.
 */
export async function runRounds({ url, headers, connections, seconds, rounds, scenarios, width }) {
  const { default: autocannon } = await import('autocannon');
  const run = (scenario, duration) =>
    new Promise((done, fail) => {
      const times = [];
      autocannon(
        {
          url: `${url}${scenario.path}`,
          headers,
          connections,
          duration,
          setupClient: (c) => c.on('response', (_s, _b, t) => times.push(t)),
          ...(scenario.next ? { requests: [{ setupRequest: (request) => ({ ...request, path: scenario.next() }) }] } : {}),
        },
        (error, result) => {
          if (error) return fail(error);
          times.sort((a, b) => a - b);
          done({ rps: result['2xx'] / (result.duration || duration), p95: times[Math.floor(times.length * 0.95)] ?? NaN, errors: result.non2xx + result.errors });
        },
      );
    });
  const results = Object.fromEntries(scenarios.map((s) => [s.key, []]));
  for (const s of scenarios) await run(s, 1);
  for (let round = 1; round <= rounds; round++) {
    for (const s of scenarios) {
      const r = await run(s, seconds);
      results[s.key].push(r);
      console.log(`  round ${round}  ${s.title.padEnd(width)} ${r.rps.toFixed(0).padStart(6)} req/s  p95 ${r.p95.toFixed(1).padStart(6)} ms${r.errors ? `  ${r.errors} errors` : ''}`);
    }
  }
  return results;
}

/** Prints the median of each scenario's rounds, against the first scenario (the baseline) and a p95 target in ms. */
export function printMedians(scenarios, results, { width, target }) {
  const base = median(results[scenarios[0].key].map((r) => r.p95));
  console.log('median of the rounds:');
  for (const s of scenarios) {
    const p95 = median(results[s.key].map((r) => r.p95));
    const rps = median(results[s.key].map((r) => r.rps));
    const verdict = s === scenarios[0] ? '' : `target ≤ ${target} ms ${p95 <= target ? 'met' : 'missed'}`;
    console.log(`  ${s.title.padEnd(width)} ${rps.toFixed(0).padStart(6)} req/s  p95 ${p95.toFixed(1).padStart(6)} ms  ×${(p95 / base).toFixed(2)} of the ${scenarios[0].key} list  ${verdict}`);
  }
  return base;
}
