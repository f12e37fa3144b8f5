import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AES-256-GCM for secrets at rest (e.g. a saved connection's password): `version(1) ‖ iv(12) ‖ tag(16) ‖ ciphertext`.
 * The key comes from an environment variable (32 bytes, base64 or hex) or is generated once into a file of `DATA_DIR`.
 */
export interface SecretSealer {
  seal(plain: string): Buffer;
  open(sealed: Uint8Array): string;
}

const VERSION = 1;

export function secretSealer(key: Buffer): SecretSealer {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const data = Buffer.from(sealed);
      if (data[0] !== VERSION) throw new Error('Unknown sealed-data version.');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(1, 13));
      decipher.setAuthTag(data.subarray(13, 29));
      return Buffer.concat([decipher.update(data.subarray(29)), decipher.final()]).toString('utf8');
    },
  };
}

function parseKey(name: string, text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64).`);
  return key;
}

/** Keys generated for this process only (no DATA_DIR: tests and in-memory databases, whose data dies with it). */
const ephemeral = new Map<string, Buffer>();

/** A key from `env[envName]`, else `DATA_DIR/<fileName>` (created once, mode 0600). */
export function secretKey(env: NodeJS.ProcessEnv, dataDir: string, envName: string, fileName: string): Buffer {
  const given = env[envName];
  if (given) return parseKey(envName, given);
  if (!dataDir) {
    if (!ephemeral.has(fileName)) ephemeral.set(fileName, randomBytes(32));
    return ephemeral.get(fileName)!;
  }
  const file = join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(envName, readFileSync(file, 'utf8'));
}
