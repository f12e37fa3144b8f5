import CryptoJS from 'crypto-js';
import { describe, expect, it } from 'vitest';
import { tamperedTokens } from './envelope.fixture.js';
import { decodeEnvelope, decryptEnvelope, DECRYPT_FAILURE_MESSAGE, encodeEnvelope } from './envelope.js';

const secret = 'a shared envelope secret for tests';

describe('response envelope', () => {
  it.each([
    ['a single record', { data: { _id: '5f0c6c1e-8f6e-4a55-9f43-1a2b3c4d5e6f', name: 'Main Campus' } }],
    ['a list', { rows: [{ code: 'CAS' }, { code: 'CEIT' }], count: 2 }],
    ['an error', { message: 'Code is existing in Main Campus.', fieldErrors: { code: ['Taken'] } }],
    ['text with accents and emoji', { data: { name: 'Pañgasinan Ñiño — 🎓' } }],
    ['a bare string', 'ok'],
    ['null', null],
  ])('round-trips %s', (_name, body) => {
    const token = encodeEnvelope(body, secret);
    expect(token).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(decodeEnvelope(token, secret)).toEqual(body);
  });

  it('carries the body JSON-encoded twice', () => {
    const token = encodeEnvelope({ count: 1 }, secret);
    expect(decryptEnvelope(token, secret)).toBe(JSON.stringify(JSON.stringify({ count: 1 })));
  });

  it('uses a fresh IV for every token', () => {
    expect(encodeEnvelope({ a: 1 }, secret)).not.toBe(encodeEnvelope({ a: 1 }, secret));
  });

  const token = encodeEnvelope({ data: { isActive: true } }, secret);
  it.each(tamperedTokens(token))('rejects %s with "Failed to decrypt response token"', (_name, bad) => {
    expect(() => decodeEnvelope(bad, secret)).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });

  it('rejects a token made with another secret', () => {
    expect(() => decodeEnvelope(token, 'another secret')).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });

  it('rejects a well-authenticated token whose plaintext is not JSON', () => {
    // Build a token by hand with a valid MAC over a ciphertext of non-JSON text.
    const secretWords = CryptoJS.enc.Utf8.parse(secret);
    const encKey = CryptoJS.HmacSHA256('msc-envelope-enc', secretWords);
    const macKey = CryptoJS.HmacSHA256('msc-envelope-mac', secretWords);
    const ivWords = CryptoJS.lib.WordArray.random(16);
    const ciphertext = CryptoJS.AES.encrypt('not json', encKey, { iv: ivWords }).ciphertext;
    const b64 = (w: CryptoJS.lib.WordArray) =>
      CryptoJS.enc.Base64.stringify(w).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const head = `v1.${b64(ivWords)}.${b64(ciphertext)}`;
    const forged = `${head}.${b64(CryptoJS.HmacSHA256(head, macKey))}`;
    expect(() => decodeEnvelope(forged, secret)).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });
});
