// What a benchmark that runs the API in its own process starts from: a scratch PostgreSQL database (created on the
// server of `serverUrl`, dropped by `drop()`) and the API's config for the run.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function scratchPostgres(serverUrl, prefix) {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The API's config for a run in the benchmark's own process, from its `loadConfig`: data in `dataDir`, cheap password
 * hashing, sign-in unlimited, jobs polled every half second.
 */
export function benchConfig(loadConfig, dataDir) {
  return {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', RESPONSE_ENCRYPTION_KEY: 'bench', SESSION_SECRET: 'bench' }),
    host: '127.0.0.1',
    port: 0,
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    authRateLimit: { max: 1_000_000, windowMs: 60_000 },
    jobs: { pollingIntervalSeconds: 0.5, tickMs: 1000 },
  };
}
