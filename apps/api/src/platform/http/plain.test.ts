import { describe, expect, it } from 'vitest';
import { startTestApi } from '../../test/harness.js';

const api = await startTestApi({ responseEncryption: false });

describe('RESPONSE_ENCRYPTION=off', () => {
  it('answers plain JSON', async () => {
    const result = await api.call('POST', '/core/v1.0/auth', { body: { email: 'admin@example.edu', password: 'wrong password here' } });
    expect(result.raw.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(result.raw.body)).toEqual({ message: 'Incorrect email or password.' });
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await api.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/core/v1.0/campuses'].get.operationId).toBe('listCampuses');
    const page = await api.app.inject({ method: 'GET', url: '/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('answers an unknown route with 404 and a message', async () => {
    const result = await api.call('GET', '/core/v1.0/spaceships');
    expect(result.status).toBe(404);
    expect(result.body.message).toContain('No route GET /core/v1.0/spaceships');
  });

  it('has no delete route: records are switched off, never removed', async () => {
    const token = await api.signIn('admin@example.edu');
    const campuses = await api.call('GET', '/core/v1.0/campuses', { token });
    expect(campuses.status).toBe(200);
    const result = await api.call('DELETE', `/core/v1.0/campuses/0b8a3c5e-2f1d-4c3b-9a8e-7d6c5b4a3f2e`, { token });
    expect(result.status).toBe(404);
  });
});
