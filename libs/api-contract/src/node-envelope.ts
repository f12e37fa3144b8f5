import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { EnvelopeError } from './envelope.js';

/**
 * The response envelope of ARCHITECTURE §4 on `node:crypto`, for servers: the API encodes with it and the
 * console's server decodes with it. `decodeEnvelope` (crypto-js, for browsers and other producers) reads and
 * writes the same tokens; the tests prove the two agree both ways. On Node this is several times cheaper.
 */
export interface EnvelopeCodec {
  /** Encodes a body that is already JSON text once (what a server serialised). */
  encodeJsonText(json: string): string;
  encode(body: unknown): string;
  /** Verifies, decrypts and parses twice; throws `EnvelopeError` for anything malformed or tampered with. */
  decode(token: string): unknown;
}

const VERSION = 'v1';
/** Texts at least this long have their plaintext encoding remembered (the last few of them). */
const REMEMBER_FROM_CHARS = 4_096;
const REMEMBERED_PLAINTEXTS = 32;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

export function envelopeCodec(secret: string): EnvelopeCodec {
  const encKey = createHmac('sha256', secret).update('msc-envelope-enc').digest();
  const macKey = createHmac('sha256', secret).update('msc-envelope-mac').digest();

  // The plaintext is the body JSON-encoded twice: JSON.stringify of the JSON text, as UTF-8. A server that answers
  // the same remembered text again (the API's list answers) gets it from here: the IV and so the token are new
  // every time, only the encoding of the text is reused.
  const plaintexts = new Map<string, Buffer>();
  function plaintextOf(json: string): Buffer {
    if (json.length < REMEMBER_FROM_CHARS) return Buffer.from(JSON.stringify(json), 'utf8');
    let plaintext = plaintexts.get(json);
    if (!plaintext) {
      plaintext = Buffer.from(JSON.stringify(json), 'utf8');
      plaintexts.set(json, plaintext);
      if (plaintexts.size > REMEMBERED_PLAINTEXTS) plaintexts.delete(plaintexts.keys().next().value!);
    }
    return plaintext;
  }

  function encodeJsonText(json: string): string {
    const iv = randomBytes(16);
    const cipher = createCipheriv('aes-256-cbc', encKey, iv);
    const ct = Buffer.concat([cipher.update(plaintextOf(json)), cipher.final()]);
    const head = `${VERSION}.${iv.toString('base64url')}.${ct.toString('base64url')}`;
    return `${head}.${createHmac('sha256', macKey).update(head).digest('base64url')}`;
  }

  function decode(token: string): unknown {
    const parts = token.trim().split('.');
    if (parts.length !== 4 || parts[0] !== VERSION) throw new EnvelopeError();
    const [, ivText = '', ctText = '', macText = ''] = parts;
    if (!BASE64URL.test(ivText) || !BASE64URL.test(ctText) || !BASE64URL.test(macText)) throw new EnvelopeError();
    const expected = createHmac('sha256', macKey).update(`${VERSION}.${ivText}.${ctText}`).digest();
    const given = Buffer.from(macText, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new EnvelopeError();
    const iv = Buffer.from(ivText, 'base64url');
    const ct = Buffer.from(ctText, 'base64url');
    if (iv.length !== 16 || ct.length === 0 || ct.length % 16 !== 0) throw new EnvelopeError();
    try {
      const decipher = createDecipheriv('aes-256-cbc', encKey, iv);
      const text = Buffer.concat([decipher.update(ct), decipher.final()]).toString('utf8');
      const once: unknown = JSON.parse(text);
      return typeof once === 'string' ? JSON.parse(once) : once;
    } catch {
      throw new EnvelopeError();
    }
  }

  return { encodeJsonText, encode: (body) => encodeJsonText(JSON.stringify(body)), decode };
}
