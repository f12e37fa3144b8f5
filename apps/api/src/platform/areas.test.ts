import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initContract } from '@ts-rest/core';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { guardedRouter, UndeclaredAccessError } from '@campus/api-contract';
import { applications, isOwnPage } from '@campus/domain-iam';
import { buildApp } from '../app.js';
import { startTestApi, testConfig, TestClock, freshDatabase, TEST_PASSWORD } from '../test/harness.js';
import type { AreaModule } from './area.js';
import { AREAS_DIRECTORY, AreaDiscoveryError, areaFolders, discoverAreas } from './areas.js';
import { insertAccount } from './db/users.js';

const c = initContract();
const DISCOVERED = await discoverAreas();
/** The launcher as the eight area folders declare it (the ninth area below registers its own list). */
const EIGHT = applications();

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

const api = await startTestApi({}, { areas: [...DISCOVERED, pilotArea] });

/** Folders made by this file (inside the project, where the test runner loads modules from), removed at its end. */
const scratch: string[] = [];
afterAll(() => Promise.all(scratch.map((folder) => rm(folder, { recursive: true, force: true }))));
// The ninth area below registers a launcher of nine applications. The files the same test worker runs next share this
// module state (vitest.config.ts), so the eight of the area folders are registered again at the end.
afterAll(() => discoverAreas());
async function scratchFolder(): Promise<string> {
  const parent = fileURLToPath(new URL('../../test-output/', import.meta.url));
  await mkdir(parent, { recursive: true });
  const folder = await mkdtemp(join(parent, 'areas-'));
  scratch.push(folder);
  return folder;
}

describe('areas', () => {
  it('refuses to start with a route that declares no application, signedIn or public', async () => {
    const undeclared = c.router({ openByMistake: { method: 'GET', path: '/pilot/v1.0/open', responses: { 200: z.object({}) } } });
    const area: AreaModule = { code: 'CHATBOT', contracts: { undeclared }, handlers: () => ({ undeclared: { openByMistake: async () => ({ status: 200, body: {} }) } }) };
    const database = await freshDatabase();
    await expect(buildApp({ config: testConfig(new TestClock()), database, logger: false, areas: [...DISCOVERED, area] })).rejects.toThrow(UndeclaredAccessError);
    await expect(buildApp({ config: testConfig(new TestClock()), database, logger: false, areas: [...DISCOVERED, area] })).rejects.toThrow(
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

  it('publishes in the OpenAPI document the routes it mounts, and only those', async () => {
    const { body } = await api.call('GET', '/openapi.json');
    expect(body.paths['/pilot/v1.0/status']?.get?.operationId).toBe('getPilotStatus');
    expect(body.paths['/face-recognition/v1.0/kiosk']).toBeDefined();

    const database = await freshDatabase();
    const campusOnly = DISCOVERED.filter((area) => area.code === 'CAMPUS');
    const app = await buildApp({ config: testConfig(new TestClock(), { responseEncryption: false }), database, logger: false, areas: campusOnly });
    const paths = (await app.inject({ method: 'GET', url: '/openapi.json' })).json().paths as Record<string, unknown>;
    await app.close();
    expect(paths['/core/v1.0/hris/create-employee']).toBeDefined();
    expect(paths['/core/v1.0/campuses']).toBeDefined();
    expect(Object.keys(paths).filter((path) => path.startsWith('/face-recognition/'))).toEqual([]);
  });
});

describe('finding the areas by their folders', () => {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const consoleAreas = join(here, '../../../console/app/areas');
  const folders = async (path: string) =>
    (await readdir(path, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();

  it('has one folder per launcher application on each side, named by its segment', async () => {
    const segments = EIGHT.map((a) => a.segment).sort();
    expect(await folders(join(here, '../areas'))).toEqual(segments);
    expect(await folders(consoleAreas)).toEqual(segments);
  });

  it('registers the applications the manifests declare, in the launcher order of spec §1', () => {
    expect(EIGHT.map((a) => [a.code, a.name, a.segment])).toEqual([
      ['IAM', 'Identity and Access Management', 'access-management'],
      ['CAMPUS', 'Campus Management', 'campus-management'],
      ['CHATBOT', 'Campus Chatbot Management', 'chatbot-management'],
      ['SUPPORT', 'Customer Support Management', 'support-management'],
      ['FRS', 'Facial Recognition Management', 'frs-management'],
      ['DATA', 'Data Migration Management', 'migrations'],
      ['REPORTS', 'Analytics and Reports', 'analytics'],
      ['BATCH', 'Batch Management', 'batch-management'],
    ]);
    for (const application of EIGHT) expect(application.description.length).toBeGreaterThan(10);
  });

  it('declares each application alike on both sides: code, name, description and launcher order', async () => {
    for (const application of EIGHT) {
      const manifest = (await import(join(consoleAreas, application.segment, 'area.ts'))) as { area: { application: Record<string, unknown> } };
      const { ownPages, ...declared } = manifest.area.application;
      expect(declared).toEqual({ code: application.code, name: application.name, description: application.description, order: application.order });
      // Pages every signed-in user may open are the console's: the API decides what they show (the area's allowsWithoutScope).
      expect(ownPages === undefined || Array.isArray(ownPages)).toBe(true);
    }
  });

  it('mounts every folder of the areas folder, each serving the application of its segment', async () => {
    expect(await areaFolders(AREAS_DIRECTORY)).toEqual(EIGHT.map((a) => a.segment).sort());
    expect(DISCOVERED.map((area) => EIGHT.find((a) => a.code === area.code)?.segment)).toEqual(await areaFolders(AREAS_DIRECTORY));
  });

  it('stops the start when a folder has no manifest, a manifest no launcher entry, or two folders serve one application', async () => {
    const launcher = applications();
    const bare = await scratchFolder();
    await mkdir(join(bare, 'analytics'));
    await expect(discoverAreas({ directory: bare })).rejects.toThrow(AreaDiscoveryError);
    await expect(discoverAreas({ directory: bare })).rejects.toThrow('areas/analytics has no area.ts');

    const unnamed = await scratchFolder();
    await mkdir(join(unnamed, 'pilot-desk'));
    await writeFile(join(unnamed, 'pilot-desk', 'area.js'), "export const area = { code: 'PILOT' };\n");
    await expect(discoverAreas({ directory: unnamed })).rejects.toThrow(
      "areas/pilot-desk/area.ts exports no `area` with its application's code and launcher entry",
    );

    const twice = await scratchFolder();
    for (const folder of ['access', 'access-management']) {
      await mkdir(join(twice, folder));
      await writeFile(
        join(twice, folder, 'area.js'),
        `export const area = { code: 'IAM', application: { name: 'Identity and Access Management', description: 'Accounts.', order: ${folder.length} } };\n`,
      );
    }
    await expect(discoverAreas({ directory: twice })).rejects.toThrow('Two areas serve the application IAM; areas/access-management is the second.');

    const lowerCase = await scratchFolder();
    await mkdir(join(lowerCase, 'pilot-desk'));
    await writeFile(join(lowerCase, 'pilot-desk', 'area.js'), "export const area = { code: 'pilot', application: { name: 'Pilot Desk', description: 'Visitors.', order: 9 } };\n");
    await expect(discoverAreas({ directory: lowerCase })).rejects.toThrow('a code is upper-case letters, digits and _');
    // A refused start leaves the launcher as it was.
    expect(applications()).toBe(launcher);
  });
});

/**
 * A ninth application, as a folder and nothing else on the API side: the areas folder as it is (each area linked)
 * plus `pilot-desk/area.js`, a manifest that declares its application (code, name, description, launcher place)
 * with a resource-free contract and its handlers. Discovering the folder makes it a launcher application: the seed,
 * the admin-scope checks and the area summary routes know it with nothing added elsewhere.
 */
describe('a ninth area', async () => {
  const directory = await scratchFolder();
  for (const folder of await areaFolders(AREAS_DIRECTORY)) await symlink(join(AREAS_DIRECTORY, folder), join(directory, folder), 'dir');
  await mkdir(join(directory, 'pilot-desk'));
  await writeFile(
    join(directory, 'pilot-desk', 'area.js'),
    `const route = (path, metadata) => ({ method: 'GET', path, responses: { 200: null }, metadata });
export const area = {
  code: 'PILOT',
  application: { name: 'Pilot Desk', description: 'Walk-in visitors and the queue at the front desk.', order: 9 },
  contracts: {
    pilotDesk: {
      getPilotDeskHours: route('/pilot-desk/v1.0/hours', { public: true }),
      getOwnPilotDesk: route('/pilot-desk/v1.0/mine', { signedIn: true }),
      getPilotDeskQueue: route('/pilot-desk/v1.0/queue', { application: 'PILOT' }),
    },
  },
  handlers: ({ authOf }) => ({
    pilotDesk: {
      getPilotDeskHours: async () => ({ status: 200, body: { data: { opens: '08:00', closes: '17:00' } } }),
      getOwnPilotDesk: async ({ request }) => ({ status: 200, body: { data: { userId: authOf(request).user.id } } }),
      getPilotDeskQueue: async () => ({ status: 200, body: { data: { waiting: 3 } } }),
    },
  }),
};
`,
  );
  const areas = await discoverAreas({ directory });
  const ninth = await startTestApi({}, { areas });

  it('is found beside the eight, mounted by buildApp and last on the launcher', () => {
    expect(areas.map((area) => area.code)).toEqual([...DISCOVERED.map((area) => area.code), 'PILOT'].sort((a, b) => {
      const segment = (code: string) => applications().find((x) => x.code === code)!.segment;
      return segment(a).localeCompare(segment(b));
    }));
    expect(applications().map((a) => a.code)).toEqual([...EIGHT.map((a) => a.code), 'PILOT']);
    expect(applications().at(-1)).toEqual({
      code: 'PILOT',
      name: 'Pilot Desk',
      description: 'Walk-in visitors and the queue at the front desk.',
      segment: 'pilot-desk',
      order: 9,
    });
    expect(isOwnPage('/app/pilot-desk/queue')).toBe(false);
  });

  it('serves its routes under their declared access, with the others’ routes unchanged', async () => {
    expect((await ninth.call('GET', '/pilot-desk/v1.0/hours')).body).toEqual({ data: { opens: '08:00', closes: '17:00' } });
    const registrar = await ninth.signIn('registrar@example.edu');
    expect((await ninth.call('GET', '/pilot-desk/v1.0/mine', { token: registrar })).body).toEqual({ data: { userId: ninth.users.registrar } });
    expect((await ninth.call('GET', '/pilot-desk/v1.0/mine')).status).toBe(401);
    // Its application's routes need its scope, as every application's do.
    expect((await ninth.call('GET', '/pilot-desk/v1.0/queue', { token: registrar })).status).toBe(403);
    await insertAccount(ninth.database.db, { email: 'desk@example.edu', password: TEST_PASSWORD, firstName: 'Teodora', lastName: 'Alonso', adminScopes: ['PILOT'] }, ninth.config.argon2);
    const desk = await ninth.signIn('desk@example.edu');
    expect((await ninth.call('GET', '/pilot-desk/v1.0/queue', { token: desk })).body).toEqual({ data: { waiting: 3 } });
    expect((await ninth.call('GET', '/core/v1.0/campuses', { token: registrar })).status).toBe(200);

    const document = await ninth.call('GET', '/openapi.json');
    expect(Object.keys(document.body.paths).filter((path) => path.startsWith('/pilot-desk/'))).toEqual([
      '/pilot-desk/v1.0/hours',
      '/pilot-desk/v1.0/mine',
      '/pilot-desk/v1.0/queue',
    ]);
  });

  it('is an admin scope an administrator grants and the signed-in user reads, with its own area summary', async () => {
    const admin = await ninth.signIn('admin@example.edu');
    const created = await ninth.call('POST', '/core/v1.0/users', {
      token: admin,
      body: { email: 'queue@example.edu', temporaryPassword: 'Visitor-Queue-2026!', firstName: 'Andres', lastName: 'Luna', adminScopes: ['PILOT', 'CAMPUS'] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.adminScopes).toEqual(['PILOT', 'CAMPUS']);
    const refused = await ninth.call('POST', '/core/v1.0/users', {
      token: admin,
      body: { email: 'nobody@example.edu', temporaryPassword: 'Visitor-Queue-2026!', firstName: 'Andres', lastName: 'Luna', adminScopes: ['TENTH'] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.adminScopes).toEqual(['Choose from the listed values.']);

    const desk = await ninth.signIn('desk@example.edu');
    expect((await ninth.call('GET', '/core/v1.0/users/me', { token: desk })).body.data.adminScopes).toEqual(['PILOT']);
    const summary = await ninth.call('GET', '/core/v1.0/areas/PILOT/summary', { token: desk });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toEqual({ counts: {}, attention: [] });
    expect((await ninth.call('GET', '/core/v1.0/areas/PILOT/summary', { token: await ninth.signIn('registrar@example.edu') })).status).toBe(403);
  });
});
