import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { guardedRouter, UndeclaredAccessError } from '@campus/api-contract';
import { buildApp } from '../app.js';
import { AREAS } from '../areas/index.js';
import { startTestApi, testConfig, TestClock, freshDatabase } from '../test/harness.js';
import type { AreaModule } from './area.js';

const c = initContract();

/** An area under a base path no other area uses, as a new launcher application would add. */
const pilotContract = guardedRouter({
  getPilotStatus: {
    method: 'GET',
    path: '/pilot/v1.0/status',
    responses: { 200: z.object({ data: z.object({ ok: z.boolean() }) }) },
    metadata: { application: 'CHATBOT' },
  },
  getOwnPilotView: {
    method: 'GET',
    path: '/pilot/v1.0/mine',
    responses: { 200: z.object({ data: z.object({ userId: z.string() }) }) },
    metadata: { signedIn: true },
  },
});
const pilotArea: AreaModule = {
  code: 'CHATBOT',
  contracts: { pilot: pilotContract },
  handlers: ({ authOf }) => ({
    pilot: {
      getPilotStatus: async () => ({ status: 200, body: { data: { ok: true } } }),
      getOwnPilotView: async ({ request }) => ({ status: 200, body: { data: { userId: authOf(request).user.id } } }),
    },
  }),
};

const api = await startTestApi({}, { areas: [...AREAS, pilotArea] });

describe('areas', () => {
  it('refuses to start with a route that declares no application, signedIn or public', async () => {
    const undeclared = c.router({ openByMistake: { method: 'GET', path: '/pilot/v1.0/open', responses: { 200: z.object({}) } } });
    const area: AreaModule = { code: 'CHATBOT', contracts: { undeclared }, handlers: () => ({ undeclared: { openByMistake: async () => ({ status: 200, body: {} }) } }) };
    const database = await freshDatabase();
    await expect(buildApp({ config: testConfig(new TestClock()), database, logger: false, areas: [...AREAS, area] })).rejects.toThrow(UndeclaredAccessError);
    await expect(buildApp({ config: testConfig(new TestClock()), database, logger: false, areas: [...AREAS, area] })).rejects.toThrow(
      /GET \/pilot\/v1\.0\/open .*declares neither/,
    );
  });

  it('refuses a contract that declares an access at type level only by mistake (empty application)', () => {
    expect(() =>
      guardedRouter({ broken: { method: 'GET', path: '/x/v1.0/y', responses: { 200: z.object({}) }, metadata: { application: '' } } }),
    ).toThrow(UndeclaredAccessError);
  });

  it('encrypts every answer under a new area base path, refusals and unknown paths included', async () => {
    const admin = await api.signIn('admin@example.edu');
    const registrar = await api.signIn('registrar@example.edu');
    const ok = await api.call('GET', '/pilot/v1.0/status', { token: admin });
    expect(ok.status).toBe(200);
    expect(ok.raw.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.raw.body).toMatch(/^v1\./);
    expect(ok.body).toEqual({ data: { ok: true } });

    const refused = await api.call('GET', '/pilot/v1.0/status', { token: registrar });
    expect(refused.status).toBe(403);
    expect(refused.raw.body).toMatch(/^v1\./);

    const unknown = await api.call('GET', '/pilot/v1.0/nothing-here', { token: admin });
    expect(unknown.status).toBe(404);
    expect(unknown.raw.body).toMatch(/^v1\./);

    const health = await api.call('GET', '/healthz');
    expect(health.raw.body).not.toMatch(/^v1\./);
  });

  it('lets any signed-in user call a signedIn route, and nobody without a token', async () => {
    const registrar = await api.signIn('registrar@example.edu');
    const mine = await api.call('GET', '/pilot/v1.0/mine', { token: registrar });
    expect(mine.status).toBe(200);
    expect(mine.body.data.userId).toBe(api.users.registrar);
    expect((await api.call('GET', '/pilot/v1.0/mine')).status).toBe(401);
  });
});
