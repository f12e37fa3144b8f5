import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULTS, loadConfig, REPOSITORY_DATA_DIR } from './config.js';

describe('configuration', () => {
  it('generates the shared secrets once into DATA_DIR/secrets.json with mode 0600', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campus-config-'));
    const first = loadConfig({ DATA_DIR: dataDir });
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.responseEncryptionKey).toBe(first.responseEncryptionKey);
    const file = join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      responseEncryptionKey: first.responseEncryptionKey,
      sessionSecret: first.sessionSecret,
    });
  });

  it('reads the environment of ARCHITECTURE §7 and the documented defaults', () => {
    const config = loadConfig({ RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's', RESPONSE_ENCRYPTION: 'off', API_PORT: '4100', DATABASE_URL: 'postgres://x/y' });
    expect(config).toMatchObject({
      port: 4100, responseEncryption: false, responseEncryptionKey: 'k', sessionSecret: 's', databaseUrl: 'postgres://x/y',
      demoSeed: false, sessionIdleMs: 2 * 3600_000, sessionAbsoluteMs: 12 * 3600_000, lockoutThreshold: 5, lockoutMs: 15 * 60_000,
      argon2: DEFAULTS.argon2, dataDir: REPOSITORY_DATA_DIR,
    });
    expect(loadConfig({ RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's' }).demoSeed).toBe(true);
    expect(loadConfig({ RESPONSE_ENCRYPTION_KEY: 'k', SESSION_SECRET: 's', SESSION_IDLE_MINUTES: '30', LOCKOUT_MINUTES: '5' })).toMatchObject({
      sessionIdleMs: 30 * 60_000, lockoutMs: 5 * 60_000,
    });
  });
});
