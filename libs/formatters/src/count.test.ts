import { describe, expect, it } from 'vitest';
import { formatCount, formatFileSize, formatPercent } from './index.js';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [6000, '6,000'],
    [1234567, '1,234,567'],
    [12.9, '12'],
    [Number.NaN, '0'],
  ])('shows %d as %s', (n, expected) => expect(formatCount(n)).toBe(expected));
});

describe('formatPercent', () => {
  it.each([
    [1, 3, '33%'],
    [3, 3, '100%'],
    [0, 0, '0%'],
    [2, Number.NaN, '0%'],
  ])('shows %d of %d as %s', (part, whole, expected) => expect(formatPercent(part, whole)).toBe(expected));
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [532, '532 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [2_621_440, '2.5 MB'],
    [-5, '0 B'],
  ])('shows %d bytes as %s', (bytes, expected) => expect(formatFileSize(bytes)).toBe(expected));
});
