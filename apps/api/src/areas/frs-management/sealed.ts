import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * AES-256-GCM for biometric data at rest: `version(1) ‖ iv(12) ‖ tag(16) ‖ ciphertext`. The key is
 * `FRS_ENCRYPTION_KEY` (32 bytes, base64 or hex) or, like the other secrets, generated once into `DATA_DIR`.
 */
export interface Sealer {
  seal(plain: Uint8Array): Buffer;
  open(sealed: Uint8Array): Buffer;
}

const VERSION = 1;

export function sealerFor(key: Buffer): Sealer {
  if (key.length !== 32) throw new Error('The biometric encryption key must be 32 bytes.');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
    },
    open(sealed) {
      const data = Buffer.from(sealed);
      if (data[0] !== VERSION) throw new Error('Unknown sealed-data version.');
      const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(1, 13));
      decipher.setAuthTag(data.subarray(13, 29));
      return Buffer.concat([decipher.update(data.subarray(29)), decipher.final()]);
    },
  };
}

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('FRS_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64).');
  return key;
}

/** A key generated for this process only: tests and in-memory databases, whose data dies with the process. */
let ephemeral: Buffer | undefined;

/** The biometric key: from the environment, else `DATA_DIR/frs-key` (created once, mode 0600). */
export function biometricKey(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  if (env.FRS_ENCRYPTION_KEY) return parseKey(env.FRS_ENCRYPTION_KEY);
  if (!dataDir) return (ephemeral ??= randomBytes(32));
  const file = join(dataDir, 'frs-key');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseKey(readFileSync(file, 'utf8'));
}
