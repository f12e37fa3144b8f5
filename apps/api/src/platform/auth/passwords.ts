import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;
import type { Argon2Options } from '../../config.js';

/** argon2id hashes in PHC format; the parameters travel inside the hash, so verification needs none. */
export function hashPassword(password: string, options: Argon2Options): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, ...options });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the email is unknown, so an unknown account takes as long to refuse as a wrong
 * password (the answer must not reveal which it was).
 */
export async function decoyHash(options: Argon2Options): Promise<string> {
  return hashPassword('decoy password that never matches anything', options);
}
