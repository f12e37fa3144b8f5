import { describe, expect, it } from 'vitest';
import { tamperedTokens } from './envelope.fixture.js';
import { decodeEnvelope, DECRYPT_FAILURE_MESSAGE, encodeEnvelope } from './envelope.js';
import { envelopeCodec } from './node-envelope.js';

const secret = 'a shared envelope secret for tests';

const bodies = [
  ['a record', { data: { _id: '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e', name: 'Kolehiyo ng Agham — Ñ', count: 3 } }],
  ['a list', { rows: [{ code: 'MAIN' }], count: 1 }],
  ['an error', { message: 'Code is existing in Main Campus.' }],
  ['a long text', { data: 'x'.repeat(10_000) }],
  ['emoji', { data: { name: 'Pañgasinan Ñiño — 🎓' } }],
  ['null', null],
] as const;

describe('envelope: node:crypto and crypto-js agree', () => {
  const codec = envelopeCodec(secret);

  it.each(bodies)('crypto-js decodes what node:crypto encodes (%s)', (_name, body) => {
    expect(decodeEnvelope(codec.encode(body), secret)).toEqual(body);
  });

  it.each(bodies)('node:crypto decodes what crypto-js encodes (%s)', (_name, body) => {
    expect(codec.decode(encodeEnvelope(body, secret))).toEqual(body);
  });

  it('encodes JSON text as it is and uses a fresh IV every time', () => {
    const json = JSON.stringify({ count: 2 });
    expect(codec.decode(codec.encodeJsonText(json))).toEqual({ count: 2 });
    expect(codec.encodeJsonText(json)).not.toBe(codec.encodeJsonText(json));
  });

  const token = codec.encode({ data: { isActive: true } });
  it.each(tamperedTokens(token))('rejects %s on both sides with "Failed to decrypt response token"', (_name, bad) => {
    expect(() => codec.decode(bad)).toThrowError(DECRYPT_FAILURE_MESSAGE);
    expect(() => decodeEnvelope(bad, secret)).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });

  it('rejects a token made with another secret', () => {
    expect(() => envelopeCodec('another secret').decode(token)).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });
});

describe('envelope of a text answered again', () => {
  it('gives a new token each time that decodes to the same body, on both decoders', () => {
    const codec = envelopeCodec(secret);
    const body = { rows: Array.from({ length: 150 }, (_, i) => ({ _id: String(i), name: `Ñame "${i}" \\ 🎓` })), count: 150 };
    const json = JSON.stringify(body);
    expect(json.length).toBeGreaterThan(4_096);
    const first = codec.encodeJsonText(json);
    const again = codec.encodeJsonText(json);
    expect(again).not.toBe(first);
    for (const token of [first, again]) {
      expect(codec.decode(token)).toEqual(body);
      expect(decodeEnvelope(token, secret)).toEqual(body);
    }
  });
});
