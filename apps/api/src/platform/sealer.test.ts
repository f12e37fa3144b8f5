import { describe, expect, it } from 'vitest';
import { derivedKey, sealer } from './sealer.js';

const KEY = Buffer.alloc(32, 7);

describe('the sealer', () => {
  it('opens what it seals, as bytes and as text', () => {
    const box = sealer(KEY);
    expect(box.open(box.seal(Buffer.from([1, 2, 3]))).equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(box.open(box.seal('pässword')).toString('utf8')).toBe('pässword');
    const text = box.sealText('JBSWY3DPEHPK3PXP');
    expect(text).not.toContain('.');
    expect(box.openText(text)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('opens the binary form sealed before (biometric data, connection passwords)', () => {
    const box = sealer(KEY);
    const biometric = '0125e1c1b07734ef0617f3ee2af3f56405e0182752c02aa1f9dab065be41ad34c6';
    expect([...box.open(Buffer.from(biometric, 'hex'))]).toEqual([1, 2, 3, 250]);
    const password = '01e424cfb6aba5d728163cd6f45e63ff77c5cffb82a7298ab313fe77d81ee450be05f8c53ba03cb303b49d18';
    expect(box.open(Buffer.from(password, 'hex')).toString('utf8')).toBe('s3cret password');
  });

  it('opens the g1 text form sealed before (SSO client secrets, signing keys, authenticator secrets)', () => {
    const box = sealer(derivedKey('a session secret of the old form', 'campus-sso-secret-box'));
    expect(box.openText('g1.JjBVzhx9uCiEzMsf.oXB74B3w80UGIFRtTUy8ng.1oqYZQZf68cX81mitiu4bA')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses what another key sealed and what is not sealed', () => {
    const sealed = sealer(KEY).sealText('secret');
    expect(() => sealer(Buffer.alloc(32, 8)).openText(sealed)).toThrow();
    expect(() => sealer(KEY).openText('g2.a.b.c')).toThrow('Not a sealed secret.');
    expect(() => sealer(KEY).open(Buffer.from([2, 0, 0]))).toThrow('Unknown sealed-data version.');
    expect(() => sealer(Buffer.alloc(16))).toThrow('The encryption key must be 32 bytes.');
  });
});
