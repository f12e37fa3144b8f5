import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import { rows, type Db } from '../../../platform/db/client.js';
import { derivedKey, sealer, type Sealer } from '../../../platform/sealer.js';

/**
 * What SSO seals (client secrets, signing keys, authenticator secrets): the key is derived from `SSO_ENCRYPTION_KEY`
 * when set, else from the session secret (generated into DATA_DIR like the other secrets), with a label so it is
 * never the secret itself.
 */
export const ssoSealer = (config: { ssoEncryptionKey?: string | undefined; sessionSecret: string }): Sealer =>
  sealer(derivedKey(config.ssoEncryptionKey ?? config.sessionSecret, 'campus-sso-secret-box'));

/** A new key is published this long before it starts signing, so every relying party has fetched it by then. */
export const PUBLISH_AHEAD_MS = 24 * 60 * 60 * 1000;
/** A replaced key stays published this long after it stops signing: longer than any ID token lives. */
export const RETAIN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Every provider re-reads the key set at least this often, so a key staged by another copy is published. */
export const KEY_RELOAD_MS = 5 * 60 * 1000;

interface KeyRow {
  kid: string;
  private_jwk_ciphertext: string;
  signs_from: string | Date;
  retires_at: string | Date | null;
}

export interface SigningKeySet {
  /** The private keys, the signing key first. The provider publishes their public halves at the JWKS endpoint. */
  readonly keys: JWK[];
  readonly signingKid: string;
  /** When the set must be read again (a staged key starts signing, an old one retires, or the reload interval). */
  readonly reloadAt: Date;
}

function newPrivateJwk(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return { ...jwk, kid: randomBytes(12).toString('base64url'), alg: 'RS256', use: 'sig' };
}

/**
 * Stages a new signing key: published at once (from the next reload), signing from `signsFrom`
 * (default: a day later). Rotation procedure in apps/api/README.md.
 */
export async function stageSigningKey(
  db: Db,
  box: Sealer,
  now: Date,
  signsFrom = new Date(now.getTime() + PUBLISH_AHEAD_MS),
): Promise<string> {
  const jwk = newPrivateJwk();
  await db.execute(
    sql`insert into sso_signing_keys (kid, private_jwk_ciphertext, created_at, signs_from)
        values (${jwk.kid!}, ${box.sealText(JSON.stringify(jwk))}, ${now.toISOString()}, ${signsFrom.toISOString()})`,
  );
  return jwk.kid!;
}

/**
 * The key set at `now`: the newest key whose time has come signs; keys staged for later are published beside it;
 * a key replaced by a newer signer is kept until `RETAIN_AFTER_MS` after the newer one started. A database with no
 * key gets one that signs at once.
 */
export async function loadSigningKeys(db: Db, box: Sealer, now: Date): Promise<SigningKeySet> {
  let found = await rows<KeyRow>(
    db,
    sql`select kid, private_jwk_ciphertext, signs_from, retires_at from sso_signing_keys order by signs_from desc`,
  );
  if (!found.some((k) => new Date(k.signs_from).getTime() <= now.getTime())) {
    await stageSigningKey(db, box, now, now);
    found = await rows<KeyRow>(
      db,
      sql`select kid, private_jwk_ciphertext, signs_from, retires_at from sso_signing_keys order by signs_from desc`,
    );
  }
  const t = now.getTime();
  const signer = found.find((k) => new Date(k.signs_from).getTime() <= t)!;
  const signerFrom = new Date(signer.signs_from).getTime();
  const retiresAt = (k: KeyRow) =>
    k.retires_at
      ? new Date(k.retires_at).getTime()
      : new Date(k.signs_from).getTime() < signerFrom
        ? signerFrom + RETAIN_AFTER_MS
        : Infinity;
  const kept = found.filter((k) => k === signer || retiresAt(k) > t);
  const ordered = [signer, ...kept.filter((k) => k !== signer)];
  const changes = [
    t + KEY_RELOAD_MS,
    ...found.map((k) => new Date(k.signs_from).getTime()).filter((s) => s > t),
    ...kept.map(retiresAt).filter((r) => Number.isFinite(r) && r > t),
  ];
  return {
    keys: ordered.map((k) => JSON.parse(box.openText(k.private_jwk_ciphertext)) as JWK),
    signingKid: signer.kid,
    reloadAt: new Date(Math.min(...changes)),
  };
}
