import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from './client.js';
import { DECRYPT_FAILURE_MESSAGE, encodeEnvelope } from './envelope.js';

const secret = 'client test secret';
const userId = '7d0e8a4c-2b1f-4e3a-9c8d-6f5e4d3c2b1a';
const seen: { method: string; url: string; authorization?: string; body: string }[] = [];
let server: Server;
let baseUrl = '';

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk) => (text += chunk));
    request.on('end', () => resolve(text));
  });
}

// A small HTTP server that answers like the API: envelopes by default, plain JSON under /plain, a broken
// token under /broken.
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    seen.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
    const answer =
      request.url === '/core/v1.0/auth'
        ? { data: { token: 'cas.msc.abc', userId, mustChangePassword: false } }
        : { rows: [{ _id: userId, adminScopes: ['IAM'] }], count: 1 };
    if (request.headers['x-mode'] === 'plain') {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer));
    } else if (request.headers['x-mode'] === 'broken') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end(encodeEnvelope(answer, 'another secret'));
    } else {
      response.writeHead(request.method === 'POST' ? 200 : 200, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(encodeEnvelope(answer, secret));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('createApiClient', () => {
  it('signs in and decodes the envelope of the answer', async () => {
    const client = createApiClient({ baseUrl, encryptionKey: secret });
    const result = await client.signIn({ body: { email: 'admin@example.edu', password: 'Campus!Demo2026' } });
    expect(result.status).toBe(200);
    if (result.status === 200) expect(result.body.data.token).toBe('cas.msc.abc');
    expect(JSON.parse(seen.at(-1)!.body)).toEqual({ email: 'admin@example.edu', password: 'Campus!Demo2026' });
  });

  it('sends the token as a bearer header and builds the list query', async () => {
    const client = createApiClient({ baseUrl, token: 'cas.msc.xyz', encryptionKey: secret });
    const result = await client.resource('users').list({ search: `_id:${userId}` });
    expect(result.status).toBe(200);
    if (result.status === 200) expect(result.body.rows[0]?.adminScopes).toEqual(['IAM']);
    expect(seen.at(-1)).toMatchObject({ method: 'GET', authorization: 'Bearer cas.msc.xyz' });
    expect(decodeURIComponent(seen.at(-1)!.url)).toBe(`/core/v1.0/users?search=_id:${userId}`);
  });

  it('reads plain JSON when encryption is off', async () => {
    const client = createApiClient({
      baseUrl,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as object), 'x-mode': 'plain' } }),
    });
    const result = await client.resource('campuses').list();
    expect(result.body).toMatchObject({ count: 1 });
  });

  it('reports and throws "Failed to decrypt response token" for a token it cannot authenticate', async () => {
    const reported: string[] = [];
    const client = createApiClient({
      baseUrl,
      encryptionKey: secret,
      onDecryptFailure: (error) => reported.push(error.message),
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as object), 'x-mode': 'broken' } }),
    });
    await expect(client.getCurrentUser()).rejects.toThrowError(DECRYPT_FAILURE_MESSAGE);
    expect(reported).toEqual([DECRYPT_FAILURE_MESSAGE]);
  });

  it('refuses a resource nobody registered', () => {
    expect(() => createApiClient({ baseUrl }).resource('spaceships')).toThrowError('Unknown resource spaceships.');
  });
});
