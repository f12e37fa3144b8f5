import { describe, expect, it } from 'vitest';
import { decodeEnvelope, DECRYPT_FAILURE_MESSAGE, encodeEnvelope } from '@campus/api-contract';
import { envelopeCodec } from './envelope.js';
import { ENCRYPTION_KEY, startTestApi } from '../test/harness.js';

const api = await startTestApi();

const bodies = [
  ['a record', { data: { _id: '0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e', name: 'Kolehiyo ng Agham — Ñ', count: 3 } }],
  ['a list', { rows: [{ code: 'MAIN' }], count: 1 }],
  ['an error', { message: 'Code is existing in Main Campus.' }],
  ['a long text', { data: 'x'.repeat(10_000) }],
] as const;

describe('envelope: node:crypto and crypto-js agree', () => {
  const codec = envelopeCodec(ENCRYPTION_KEY);

  it.each(bodies)('crypto-js decodes what node:crypto encodes (%s)', (_name, body) => {
    expect(decodeEnvelope(codec.encode(body), ENCRYPTION_KEY)).toEqual(body);
  });

  it.each(bodies)('node:crypto decodes what crypto-js encodes (%s)', (_name, body) => {
    expect(codec.decode(encodeEnvelope(body, ENCRYPTION_KEY))).toEqual(body);
  });

  it('rejects a tampered token on both sides', () => {
    const token = codec.encode({ data: { isActive: true } });
    const parts = token.split('.');
    parts[2] = parts[2]!.slice(0, -2) + (parts[2]!.endsWith('AA') ? 'BB' : 'AA');
    const tampered = parts.join('.');
    expect(() => decodeEnvelope(tampered, ENCRYPTION_KEY)).toThrowError(DECRYPT_FAILURE_MESSAGE);
    expect(() => codec.decode(tampered)).toThrowError(DECRYPT_FAILURE_MESSAGE);
  });
});

describe('envelope on the wire', () => {
  it('wraps answers, errors included, as text/plain tokens', async () => {
    const ok = await api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'Campus!Demo2026' } });
    expect(ok.raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.raw.body).toMatch(/^v1\./);
    expect(ok.body.data.token).toMatch(/^cas\.msc\.[A-Za-z0-9_-]{43}$/);
    const error = await api.call('GET', '/core/v1.0/users/me');
    expect(error.status).toBe(401);
    expect(error.raw.body).toMatch(/^v1\./);
    expect(error.body).toEqual({ message: 'Sign in to continue.' });
    const health = await api.call('GET', '/healthz');
    expect(health.body).toEqual({ status: 'ok', database: 'up' });
  });
});
