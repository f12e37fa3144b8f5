import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../support';
import { apiToken, checkWrites, consoleCookie, psql, runLoad, startCluster, type Cluster, type Load } from '../cluster-kit.mjs';

// Issue 34's failure drills on the cluster of the README's "Run several processes" (2 API and 2 console processes
// behind HAProxy on PostgreSQL): under a load of list pages, API list calls and new records from 8 loops, every
// process is restarted one after another without a failed request, and one API and one console process killed
// outright (SIGKILL) cost no read and lose no confirmed write. `npm run bench:cluster` runs the kill for longer.
const serverUrl = process.env.TEST_DATABASE_URL;
const LOOPS = 8;

describe.runIf(serverUrl)('several processes behind HAProxy, restarted and killed under load', () => {
  const name = `campus_drill_${randomBytes(4).toString('hex')}`;
  let dataDir = '';
  const databaseUrl = new URL(serverUrl ?? 'postgres://localhost/unused');
  databaseUrl.pathname = `/${name}`;
  let cluster: Cluster | undefined;
  let token = '';
  let cookie = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cas-drill-'));
    psql(serverUrl!, `create database ${name}`);
    cluster = await startCluster({ databaseUrl: databaseUrl.toString(), dataDir });
    token = await apiToken(cluster, DEMO_USERS.admin);
    cookie = await consoleCookie(cluster.consoleUrl, DEMO_USERS.admin);
  }, 300_000);
  afterAll(async () => {
    await cluster?.close();
    psql(serverUrl!, `drop database if exists ${name} with (force)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** The load from LOOPS loops while `drill` runs, and a second more on either side. */
  const underLoad = async (prefix: string, drill: () => Promise<void>): Promise<Load> => {
    let running = true;
    const load = runLoad({ apiUrl: cluster!.apiUrl, consoleUrl: cluster!.consoleUrl, token, cookie, loops: LOOPS, prefix, running: () => running });
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      await drill();
      await new Promise((r) => setTimeout(r, 1_000));
    } finally {
      running = false;
    }
    return load;
  };

  it('restarts every process one after another (SIGTERM, start, ready) without a failed request', async () => {
    const prefix = `Rolling ${randomBytes(3).toString('hex')}`;
    const started = Date.now();
    const { reads, writes } = await underLoad(prefix, async () => {
      for (const side of ['api', 'console'] as const) {
        for (const index of [0, 1]) {
          await cluster!.stop(side, index);
          await cluster!.start(side, index);
          // Two passing health checks a second apart put it back in HAProxy's rotation before the next one stops.
          await new Promise((r) => setTimeout(r, 2_500));
        }
      }
    });
    const check = checkWrites(databaseUrl.toString(), prefix, writes);
    console.log(
      `rolling restart in ${((Date.now() - started) / 1000).toFixed(1)} s: ${reads.served} reads served, ${reads.failed.length} failed; ` +
        `${check.confirmed} writes confirmed, ${check.unconfirmed} failed`,
    );
    expect(reads.failed).toEqual([]);
    expect(writes.unconfirmed).toEqual([]);
    expect(check.missing).toEqual([]);
    expect(check.duplicates).toEqual([]);
    expect(check.unasked).toEqual([]);
    expect(reads.served).toBeGreaterThan(50);
    expect(check.confirmed).toBeGreaterThan(20);
  }, 120_000);

  it('loses no read and no confirmed write when one API and one console process are killed outright', async () => {
    await cluster!.startMissing();
    const prefix = `Kill ${randomBytes(3).toString('hex')}`;
    const { reads, writes } = await underLoad(prefix, async () => {
      await new Promise((r) => setTimeout(r, 8_000));
      await Promise.all([cluster!.kill('api', 0), cluster!.kill('console', 1)]);
      await new Promise((r) => setTimeout(r, 10_000));
    });
    const check = checkWrites(databaseUrl.toString(), prefix, writes);
    console.log(
      `kill -9 of one API and one console process: ${reads.served} reads served, ${reads.failed.length} failed; ` +
        `${check.confirmed} writes answered 2xx (all present: ${check.missing.length === 0}), ` +
        `${check.unconfirmed} answered with an error or no answer (${check.unconfirmedPresent} present, ${check.unconfirmedAbsent} absent: ` +
        `${writes.unconfirmed.map((w) => w.outcome).join(', ') || 'none'}); ${check.duplicates.length} duplicates`,
    );
    // No read fails: a page leaves the console whole or not at all (entry.server), so the load balancer asks another
    // process for every page the killed one had not sent, and a killed API's calls are retried by the console.
    expect(reads.failed).toEqual([]);
    expect(check.missing).toEqual([]);
    expect(check.duplicates).toEqual([]);
    expect(check.unasked).toEqual([]);
    expect(reads.served).toBeGreaterThan(50);
    expect(check.confirmed).toBeGreaterThan(20);
  }, 60_000);
});
