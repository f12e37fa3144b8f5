import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AES-256-GCM for data at rest that the server must read back: a saved connection's password, biometric data,
 * client secrets and signing keys. One form, `version(1) ‖ iv(12) ‖ tag(16) ‖ ciphertext`, as bytes for a `bytea`
 * column or, for a text column, the same bytes in base64url. The text form also opens the older
 * `g1.<iv>.<ciphertext>.<tag>` form (base64url parts) that text columns hold from before.
 */
export interface Sealer {
  seal(plain: Uint8Array | string): Buffer;
  open(sealed: Uint8Array): Buffer;
  sealText(plain: string): string;
  openText(sealed: string): string;
}

const VERSION = 1;
const LEGACY_TEXT = 'g1';

function decrypt(key: Buffer, iv: Buffer, tag: Buffer, body: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]);
}

export function sealer(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The encryption key must be 32 bytes.');
  const seal = (plain: Uint8Array | string) => {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(typeof plain === 'string' ? Buffer.from(plain, 'utf8') : plain), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
  };
  const open = (sealed: Uint8Array) => {
    const data = Buffer.from(sealed);
    if (data[0] !== VERSION || data.length < 29) throw new Error('Unknown sealed-data version.');
    return decrypt(key, data.subarray(1, 13), data.subarray(13, 29), data.subarray(29));
  };
  return {
    seal,
    open,
    sealText: (plain) => seal(plain).toString('base64url'),
    openText(sealed) {
      if (!sealed.includes('.')) return open(Buffer.from(sealed, 'base64url')).toString('utf8');
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== LEGACY_TEXT || !iv || body === undefined || !tag) throw new Error('Not a sealed secret.');
      const b64 = (part: string) => Buffer.from(part, 'base64url');
      return decrypt(key, b64(iv), b64(tag), b64(body)).toString('utf8');
    },
  };
}

/** A key derived from a secret with a label, so that it is never the secret itself. */
export function derivedKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(label).digest();
}

function parseKey(name: string, text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64).`);
  return key;
}

/** Keys generated for this process only (no DATA_DIR: tests and in-memory databases, whose data dies with it). */
const ephemeral = new Map<string, Buffer>();

/** A key from `env[envName]` (32 bytes, base64 or hex), else `DATA_DIR/<fileName>` (created once, mode 0600). */
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
