import CryptoJS from 'crypto-js';

/**
 * The response envelope of ARCHITECTURE §4, written on crypto-js so the same code runs in Node and in a
 * browser. The API encodes with `node:crypto`; both produce and accept the same tokens.
 *
 *   plaintext = JSON.stringify(JSON.stringify(body))
 *   encKey    = HMAC-SHA256(secret, "msc-envelope-enc"), macKey = HMAC-SHA256(secret, "msc-envelope-mac")
 *   token     = "v1." + b64url(iv) + "." + b64url(AES-256-CBC(encKey, iv, plaintext)) + "." + b64url(HMAC(macKey, head))
 */

/** The one message a bad or tampered token produces (spec §8: it is logged with exactly this text). */
export const DECRYPT_FAILURE_MESSAGE = 'Failed to decrypt response token';

export class EnvelopeError extends Error {
  constructor() {
    super(DECRYPT_FAILURE_MESSAGE);
    this.name = 'EnvelopeError';
  }
}

type WordArray = CryptoJS.lib.WordArray;

const ENVELOPE_VERSION = 'v1';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

function toBase64Url(words: WordArray): string {
  return CryptoJS.enc.Base64.stringify(words).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): WordArray {
  if (!BASE64URL.test(text)) throw new EnvelopeError();
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return CryptoJS.enc.Base64.parse(padded);
}

interface EnvelopeKeys {
  readonly encKey: WordArray;
  readonly macKey: WordArray;
}

const keyCache = new Map<string, EnvelopeKeys>();

function keysFor(secret: string): EnvelopeKeys {
  let keys = keyCache.get(secret);
  if (!keys) {
    const secretWords = CryptoJS.enc.Utf8.parse(secret);
    keys = {
      encKey: CryptoJS.HmacSHA256('msc-envelope-enc', secretWords),
      macKey: CryptoJS.HmacSHA256('msc-envelope-mac', secretWords),
    };
    if (keyCache.size > 16) keyCache.clear();
    keyCache.set(secret, keys);
  }
  return keys;
}

/** Compares two strings without stopping at the first difference. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/** Encodes a response body as an envelope token (used by tests and by non-Node producers). */
export function encodeEnvelope(body: unknown, secret: string, iv: WordArray = CryptoJS.lib.WordArray.random(16)): string {
  const { encKey, macKey } = keysFor(secret);
  const plaintext = JSON.stringify(JSON.stringify(body));
  const encrypted = CryptoJS.AES.encrypt(CryptoJS.enc.Utf8.parse(plaintext), encKey, {
    iv,
    mode: CryptoJS.mode.CBC,
    padding: CryptoJS.pad.Pkcs7,
  });
  const head = `${ENVELOPE_VERSION}.${toBase64Url(iv)}.${toBase64Url(encrypted.ciphertext)}`;
  return `${head}.${toBase64Url(CryptoJS.HmacSHA256(head, macKey))}`;
}

/**
 * Decrypts a token and returns the plaintext: the body JSON-encoded twice. Throws `EnvelopeError`
 * (`Failed to decrypt response token`) for anything malformed or tampered with.
 */
export function decryptEnvelope(token: string, secret: string): string {
  const parts = token.trim().split('.');
  if (parts.length !== 4 || parts[0] !== ENVELOPE_VERSION) throw new EnvelopeError();
  const [, ivText = '', ctText = '', macText = ''] = parts;
  const { encKey, macKey } = keysFor(secret);
  const head = `${ENVELOPE_VERSION}.${ivText}.${ctText}`;
  const expected = toBase64Url(CryptoJS.HmacSHA256(head, macKey));
  if (!BASE64URL.test(macText) || !sameText(expected, macText)) throw new EnvelopeError();
  const iv = fromBase64Url(ivText);
  const ciphertext = fromBase64Url(ctText);
  if (iv.sigBytes !== 16 || ciphertext.sigBytes === 0 || ciphertext.sigBytes % 16 !== 0) throw new EnvelopeError();
  try {
    const decrypted = CryptoJS.AES.decrypt(CryptoJS.lib.CipherParams.create({ ciphertext }), encKey, {
      iv,
      mode: CryptoJS.mode.CBC,
      padding: CryptoJS.pad.Pkcs7,
    });
    return CryptoJS.enc.Utf8.stringify(decrypted);
  } catch {
    throw new EnvelopeError();
  }
}

/** Decrypts a token and parses it twice, giving the response body. */
export function decodeEnvelope(token: string, secret: string): unknown {
  const plaintext = decryptEnvelope(token, secret);
  try {
    const once: unknown = JSON.parse(plaintext);
    return typeof once === 'string' ? JSON.parse(once) : once;
  } catch {
    throw new EnvelopeError();
  }
}
