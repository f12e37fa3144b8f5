// What the single sign-on, SAML and SCIM tests set up alike: an API listening on a real port (relying parties and
// browsers reach it over HTTP), a browser's cookie jar, and an application registered with a module and its roles.
import { createServer } from 'node:net';
import type { ApiConfig } from '../config.js';
import { startTestApi, type TestApi } from './harness.js';

/** The test API listening on a free loopback port, with itself as the single sign-on issuer. */
export async function startListeningApi(overrides: Partial<ApiConfig> = {}): Promise<{ api: TestApi; issuer: string }> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as { port: number };
      server.close(() => resolve(free));
    });
  });
  const issuer = `http://127.0.0.1:${port}`;
  const api = await startTestApi({ ssoIssuer: issuer, ...overrides });
  await api.app.listen({ port, host: '127.0.0.1' });
  return { api, issuer };
}

/** A browser's cookie jar and redirect handling (it follows none: each answer is the test's to read). */
export class CookieBrowser {
  private readonly jar = new Map<string, string>();
  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set('cookie', [...this.jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value.join('=') === '') this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), value.join('='));
    }
    return response;
  }
  cookieNames(): string[] {
    return [...this.jar.keys()];
  }
}

/** Creates a record through the API as `token` and gives its id; anything but 201 fails the test. */
export async function createdThrough(api: TestApi, token: string, path: string, body: unknown): Promise<string> {
  const result = await api.call('POST', path, { token, body });
  if (result.status !== 201) throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
  return result.body.data._id as string;
}

/** An application registered by `token`, with one module and a role per name holding it; their ids. */
export async function registerApplication<const Roles extends readonly string[]>(
  api: TestApi,
  token: string,
  application: { code: string; name: string; description: string; url: string; module: { code: string; name: string }; roles: Roles },
): Promise<{ applicationId: string; moduleId: string; roleIds: { -readonly [K in keyof Roles]: string } }> {
  const applicationId = await createdThrough(api, token, '/core/v1.0/applications', {
    code: application.code,
    name: application.name,
    description: application.description,
    applicationURL: application.url,
  });
  const moduleId = await createdThrough(api, token, '/core/v1.0/modules', { ...application.module, applicationCode: application.code });
  const roleIds: string[] = [];
  for (const name of application.roles) {
    roleIds.push(await createdThrough(api, token, '/core/v1.0/roles', { name, applicationCode: application.code, moduleIds: [moduleId] }));
  }
  return { applicationId, moduleId, roleIds: roleIds as { -readonly [K in keyof Roles]: string } };
}
