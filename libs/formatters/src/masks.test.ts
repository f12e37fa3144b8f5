import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMask, digitsOf, maskHealthNumber, maskTin, MAX_MASKED_DIGITS } from './index.js';

describe('maskTin', () => {
  it.each([
    ['', ''],
    ['1', '1'],
    ['123', '123'],
    ['1234', '123-4'],
    ['123456', '123-456'],
    ['1234567', '123-456-7'],
    ['123456789', '123-456-789'],
    ['123456789000', '123-456-789-000'],
    ['1234567890123', '123-456-789-0123'],
    ['12345678901234567', '123-456-789-0123'],
    ['123-456-789-000', '123-456-789-000'],
    ['12a3 4.5', '123-45'],
    [123456789, '123-456-789'],
    [null, ''],
    [undefined, ''],
  ])('masks %j as %s', (input, expected) => {
    expect(maskTin(input)).toBe(expected);
  });
});

describe('maskHealthNumber', () => {
  it.each([
    ['', ''],
    ['12', '12'],
    ['123', '12-3'],
    ['12345678901', '12-345678901'],
    ['123456789012', '12-345678901-2'],
    ['1234567890123', '12-345678901-23'],
    ['123456789012345', '12-345678901-23'],
    ['12-345678901-2', '12-345678901-2'],
    ['x1y2', '12'],
    [null, ''],
  ])('masks %j as %s', (input, expected) => {
    expect(maskHealthNumber(input)).toBe(expected);
  });
});

const typed = fc.oneof(fc.string(), fc.stringMatching(/^[0-9 -]{0,20}$/), fc.nat().map(String));

describe.each([
  ['maskTin', maskTin],
  ['maskHealthNumber', maskHealthNumber],
])('%s properties', (_name, mask) => {
  it('is idempotent', () => {
    fc.assert(
      fc.property(typed, (s) => {
        expect(mask(mask(s))).toBe(mask(s));
      }),
    );
  });

  it('keeps the input digits in order, a prefix of at most 13 of them', () => {
    fc.assert(
      fc.property(typed, (s) => {
        const kept = mask(s).replace(/\D/g, '');
        const all = s.replace(/\D/g, '');
        expect(all.startsWith(kept)).toBe(true);
        expect(kept).toBe(all.slice(0, MAX_MASKED_DIGITS));
      }),
    );
  });

  it('never holds more than 13 digits nor anything but digits and dashes', () => {
    fc.assert(
      fc.property(typed, (s) => {
        const out = mask(s);
        expect(out.replace(/\D/g, '').length).toBeLessThanOrEqual(13);
        expect(out).toMatch(/^(\d+(-\d+)*)?$/);
      }),
    );
  });

  it('grows one character at a time as someone types digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,13}$/), (digits) => {
        let previous = '';
        for (let i = 1; i <= digits.length; i++) {
          const next = mask(digits.slice(0, i));
          expect(next.startsWith(previous)).toBe(true);
          previous = next;
        }
      }),
    );
  });
});

describe('applyMask', () => {
  it.each([
    ['tin', '123456789', '123-456-789'],
    ['health-number', '123456789012', '12-345678901-2'],
    ['upper', 'bsit', 'BSIT'],
    ['unknown', 'as is', 'as is'],
    [undefined, 'as is', 'as is'],
  ])('applies the mask named %s to %s', (name, input, expected) => {
    expect(applyMask(name, input)).toBe(expected);
  });

  it('keeps at most 13 digits', () => {
    expect(digitsOf('1-2-3-4-5-6-7-8-9-0-1-2-3-4-5')).toBe('1234567890123');
  });
});
