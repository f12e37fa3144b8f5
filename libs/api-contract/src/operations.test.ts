import { describe, expect, it } from 'vitest';
import { metricsAccess, requestIdFrom } from './operations.js';

describe('metrics access', () => {
  it('lets the loopback interface read by default and nobody else without the token', () => {
    const may = metricsAccess({});
    expect(may('127.0.0.1', undefined)).toBe(true);
    expect(may('::1', undefined)).toBe(true);
    expect(may('::ffff:127.0.0.1', undefined)).toBe(true);
    expect(may('10.1.2.3', undefined)).toBe(false);
    expect(may(undefined, undefined)).toBe(false);
  });

  it('lets the named networks and the bearer of the token read', () => {
    const may = metricsAccess({ token: 's3cret', allow: '10.0.0.0/8, fd00::/8' });
    expect(may('10.20.30.40', undefined)).toBe(true);
    expect(may('fd00::5', undefined)).toBe(true);
    expect(may('127.0.0.1', undefined)).toBe(false);
    expect(may('192.0.2.1', 'Bearer s3cret')).toBe(true);
    expect(may('192.0.2.1', 'Bearer s3cre')).toBe(false);
    expect(may('192.0.2.1', 's3cret')).toBe(false);
  });

  it('lets nobody read without the token when the networks are none', () => {
    const may = metricsAccess({ allow: 'none' });
    expect(may('127.0.0.1', undefined)).toBe(false);
  });

  it('refuses to start on a malformed network rather than open the endpoint', () => {
    expect(() => metricsAccess({ allow: 'localhost' })).toThrow('METRICS_ALLOW: localhost is not an address or range.');
    expect(() => metricsAccess({ allow: '10.0.0.0/40' })).toThrow('METRICS_ALLOW: 10.0.0.0/40 has a bad prefix.');
  });
});

describe('request ids', () => {
  it('keeps a well-formed id and replaces anything else', () => {
    expect(requestIdFrom('lb-1234.abc')).toBe('lb-1234.abc');
    expect(requestIdFrom(['a1', 'b2'])).toBe('a1');
    for (const bad of [undefined, '', 'with space', 'x'.repeat(65), 'new\nline']) {
      expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
