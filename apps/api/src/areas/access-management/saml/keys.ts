import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as x509 from '@peculiar/x509';
import { rows, type Db } from '../../../platform/db/client.js';
import type { Sealer } from '../../../platform/sealer.js';

x509.cryptoProvider.set(webcrypto as unknown as Crypto);

const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

/** A private key (PKCS#8 PEM) and the self-signed certificate of its public half (PEM), valid for `years`. */
export interface KeyAndCertificate {
  readonly privateKey: string;
  readonly certificate: string;
}

const pem = (label: string, der: ArrayBuffer) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END ${label}-----`;

/**
 * A new RSA key with a self-signed certificate. SAML publishes keys as X.509 certificates; nobody checks the chain
 * (the metadata is the trust), so self-signed is what identity providers use.
 */
export async function selfSignedKey(commonName: string, now: Date, years = 10): Promise<KeyAndCertificate> {
  const keys = (await webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as unknown as CryptoKeyPair;
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + years);
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: Buffer.from(webcrypto.getRandomValues(new Uint8Array(12))).toString('hex').replace(/^[89a-f]/, '1'),
    name: `CN=${commonName.replace(/[,=+<>#;\\"]/g, ' ')}`,
    notBefore: now,
    notAfter,
    signingAlgorithm: ALGORITHM,
    keys,
  });
  const pkcs8 = await webcrypto.subtle.exportKey('pkcs8', keys.privateKey);
  return { privateKey: pem('PRIVATE KEY', pkcs8), certificate: certificate.toString('pem') };
}

/**
 * The identity provider's signing key: the newest row, its private key sealed like the OpenID Connect keys
 * (`ssoSealer`). A database without one gets one.
 */
export async function samlSigningKey(db: Db, box: Sealer, now: Date, commonName: string): Promise<KeyAndCertificate> {
  const newest = async () =>
    (
      await rows<{ private_key_ciphertext: string; certificate: string }>(
        db,
        sql`select private_key_ciphertext, certificate from saml_signing_keys order by created_at desc, id limit 1`,
      )
    )[0];
  let found = await newest();
  if (!found) {
    const made = await selfSignedKey(commonName, now);
    await db.execute(
      sql`insert into saml_signing_keys (private_key_ciphertext, certificate, created_at)
          values (${box.sealText(made.privateKey)}, ${made.certificate}, ${now.toISOString()})`,
    );
    found = (await newest())!;
  }
  return { privateKey: box.openText(found.private_key_ciphertext), certificate: found.certificate };
}
