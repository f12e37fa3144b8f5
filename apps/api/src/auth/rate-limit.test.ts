import { describe, expect, it } from 'vitest';
import { startTestApi } from '../test/harness.js';

const api = await startTestApi({ authRateLimit: { max: 3, windowMs: 60_000 } });

describe('per-address rate limit on sign-in', () => {
  it('answers 429 past the limit and lets the address in again after the window', async () => {
    const attempt = () => api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'wrong password!!' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toContain('Too many attempts');
    expect((await api.call('POST', '/core/v1.0/auth/recovery', { body: { email: 'admin@example.edu' } })).status).toBe(429);
    api.clock.advance(61_000);
    expect((await attempt()).status).toBe(401);
  });
});

describe('client address behind the console', () => {
  it('counts the address the console forwards, not the console itself', async () => {
    const attempt = (address: string) =>
      api.call('POST', '/core/v1.0/auth', { body: { email: 'registrar@example.edu', password: 'wrong password!!' }, headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < 3; i += 1) expect((await attempt('203.0.113.7')).status).toBe(401);
    expect((await attempt('203.0.113.7')).status).toBe(429);
    expect((await attempt('198.51.100.20')).status).toBe(401);
  });
});
