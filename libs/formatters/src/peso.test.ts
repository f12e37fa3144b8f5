import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPeso, parsePeso } from './index.js';

describe('formatPeso', () => {
  it.each([
    [1234567.891, '₱1,234,567.89'],
    [0, '₱0.00'],
    [1, '₱1.00'],
    [999.995, '₱1,000.00'],
    [1.005, '₱1.01'],
    [0.125, '₱0.13'],
    [-1234, '-₱1,234.00'],
    [-0.5, '-₱0.50'],
    [-0.001, '₱0.00'],
    [-0, '₱0.00'],
    [1e21, '₱1,000,000,000,000,000,000,000.00'],
    [5e-7, '₱0.00'],
    ['1234567.891', '₱1,234,567.89'],
    ['  42 ', '₱42.00'],
    ['-1234', '-₱1,234.00'],
    ['1,234.5', '₱1,234.50'],
    ['-₱1,234.00', '-₱1,234.00'],
    ['.5', '₱0.50'],
    ['1e3', '₱1,000.00'],
  ] as const)('shows %j as %s', (input, expected) => {
    expect(formatPeso(input)).toBe(expected);
  });

  it.each([
    [''],
    [null],
    [undefined],
    [Number.NaN],
    [Infinity],
    [-Infinity],
    ['abc'],
    ['12abc'],
    ['0x10'],
    ['1.2.3'],
    ['-'],
  ] as const)('shows 0.00 for the invalid or empty value %j', (input) => {
    expect(formatPeso(input)).toBe('₱0.00');
  });

  const intl = new Intl.NumberFormat('en-PH', { style: 'currency', currency: 'PHP' });
  /** Intl's output with the sign placed as the spec wants it (`-₱1,234.00`) and no minus on a zero amount. */
  const expectedFromIntl = (n: number) => {
    const text = intl.format(n).replace(/\u00a0/g, '');
    const isNegative = /-|\(/.test(text);
    const body = text.replace(/[-()₱PHP\s]/g, '');
    return (isNegative && /[1-9]/.test(body) ? '-' : '') + '₱' + body;
  };

  it('agrees with Intl.NumberFormat en-PH PHP on every finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(formatPeso(n)).toBe(expectedFromIntl(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with Intl.NumberFormat on amounts with cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 9999 }), (whole, frac) => {
        const n = whole + frac / 10000;
        expect(formatPeso(n)).toBe(expectedFromIntl(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads its own output back as the same amount', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        const shown = formatPeso(n);
        expect(formatPeso(shown)).toBe(shown);
      }),
    );
  });
});

describe('parsePeso', () => {
  it.each([
    ['1,234.50', 1234.5],
    ['₱ 10', 10],
    [12, 12],
    ['', null],
    ['ten', null],
    [Number.NaN, null],
    [null, null],
  ] as const)('reads %j as %j', (input, expected) => {
    expect(parsePeso(input)).toBe(expected);
  });
});
