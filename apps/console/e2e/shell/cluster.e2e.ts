import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../harness';
import { DEMO_USERS } from '../support';
import { consoleCookie, psql, startCluster, type Cluster } from '../cluster-kit.mjs';

// The recipe of the README's "Run several processes": `npm run cluster -- --api 2 --console 2` on PostgreSQL, HAProxy
// from Debian in front. Any process serves any request, and one API process and then one console process stopped
// with SIGTERM under a stream of page views costs no request. (cluster-failures.e2e.ts restarts and kills them.)
const serverUrl = process.env.TEST_DATABASE_URL;

describe('the HAProxy configuration', () => {
  it('is, in deploy/, what the runner writes for two and two processes, and HAProxy accepts it', async () => {
    const { haproxyConfig } = (await import(join(REPO_ROOT, 'deploy/haproxy-config.mjs'))) as {
      haproxyConfig: (layout: { api: string[]; console: string[]; apiPort: number; consolePort: number }) => string;
    };
    const written = haproxyConfig({ api: ['127.0.0.1:4001', '127.0.0.1:4002'], console: ['127.0.0.1:3001', '127.0.0.1:3002'], apiPort: 4000, consolePort: 3000 });
    expect(readFileSync(join(REPO_ROOT, 'deploy/haproxy.cfg'), 'utf8')).toBe(written);
    const check = spawnSync('haproxy', ['-c', '-f', join(REPO_ROOT, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    // Requests that failed on one process are tried on another, except writes, which are never sent twice.
    expect(written).toMatch(/^ {2}retry-on all-retryable-errors$/m);
    expect(written).toMatch(/^ {2}option redispatch 1$/m);
    expect(written).toMatch(/^ {2}retries [1-9]$/m);
    expect(written.match(/^ {2}http-request disable-l7-retry unless \{ method GET HEAD OPTIONS \}$/gm)).toHaveLength(2);
  });
});

describe.runIf(serverUrl)('several processes behind HAProxy', () => {
  const name = `campus_cluster_${randomBytes(4).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'cas-cluster-'));
  let cluster: Cluster | undefined;
  afterAll(async () => {
    await cluster?.close();
    psql(serverUrl!, `drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('serves every request while one API and then one console process shut down', async () => {
    psql(serverUrl!, `create database ${name}`);
    const databaseUrl = new URL(serverUrl!);
    databaseUrl.pathname = `/${name}`;
    cluster = await startCluster({ databaseUrl: databaseUrl.toString(), dataDir });
    const url = cluster.consoleUrl;

    // Through the balancer: ready, metrics not routed, an id on every request, and a session any console honours.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
    expect((await fetch(`${url}/auth`)).headers.get('x-request-id')).toMatch(/^[0-9A-F]{20,}$/);
    const cookie = await consoleCookie(url, DEMO_USERS.admin);

    // Page views without pause (each renders in a console and calls the API through the balancer), while processes stop.
    let stop = false;
    const failures: string[] = [];
    let served = 0;
    const viewer = async () => {
      while (!stop) {
        try {
          const page = await fetch(`${url}/app`, { headers: { cookie }, redirect: 'manual' });
          await page.text();
          if (page.status === 200) served += 1;
          else failures.push(`status ${page.status}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const viewers = [viewer(), viewer(), viewer(), viewer()];
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster.stop('api', 0);
    await new Promise((r) => setTimeout(r, 2_000));
    await cluster.stop('console', 0);
    await new Promise((r) => setTimeout(r, 2_000));
    stop = true;
    await Promise.all(viewers);
    console.log(`cluster: ${served} page views served, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(served).toBeGreaterThan(20);
  }, 400_000);
});
