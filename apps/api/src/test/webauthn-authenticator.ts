import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests: a real P-256 key, real authenticator data and real ECDSA signatures, in the
 * JSON forms a browser sends (WebAuthn Level 3 `toJSON()`), so the server's verification runs unchanged. The browser's
 * own authenticator (Chromium's virtual one) is driven by the end-to-end test.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  counter = 0;
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;

  constructor(
    readonly origin: string,
    readonly rpId: string,
    keys?: { privateKey: KeyObject; publicKey: KeyObject; credentialId: Buffer },
  ) {
    const pair = keys ?? generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
    if (keys) keys.credentialId.copy(this.credentialId);
  }

  /** A copy of this credential with its own counter (a cloned authenticator). */
  clone(): SoftAuthenticator {
    const copy = new SoftAuthenticator(this.origin, this.rpId, { privateKey: this.privateKey, publicKey: this.publicKey, credentialId: this.credentialId });
    copy.counter = this.counter;
    return copy;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The answer of `navigator.credentials.create()` to creation options. */
  register(options: { challenge: string; user: { id: string } }, at: { origin?: string } = {}) {
    const clientData = this.clientData('webauthn.create', options.challenge, at.origin);
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([this.authData(0x45), Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer of `navigator.credentials.get()` to request options; each use moves the counter on by one. */
  assert(options: { challenge: string }, at: { origin?: string; userHandle?: string } = {}) {
    this.counter += 1;
    const clientData = this.clientData('webauthn.get', options.challenge, at.origin);
    const authData = this.authData(0x05);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientData.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        ...(at.userHandle ? { userHandle: at.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** RP ID hash, flags (user present 0x01, user verified 0x04, attested credential 0x40) and the counter. */
  private authData(flags: number): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([createHash('sha256').update(this.rpId).digest(), Buffer.from([flags]), counter]);
  }
}

/** The few CBOR items (RFC 8949) an attestation needs: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value);
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}
