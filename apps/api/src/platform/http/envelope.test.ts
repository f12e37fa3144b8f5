import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi();

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
