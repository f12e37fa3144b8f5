import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from './client.js';
import { startTestApi } from '../test/harness.js';

const api = await startTestApi();
const onPglite = api.database.kind === 'pglite';

describe('write generation (embedded database)', () => {
  it.runIf(onPglite)('stays the same while only reads run, and moves on every write and transaction', async () => {
    const g = () => api.database.writeGeneration()!;
    const start = g();
    await rows(api.database.db, sql`select count(*) from campuses`);
    await api.call('GET', '/core/v1.0/campuses?limit=5', { token: await api.signIn('admin@example.edu') });
    const afterSignIn = g();
    expect(afterSignIn).toBeGreaterThan(start); // the sign-in wrote a session and an audit row
    await api.database.db.execute(sql`select 1`);
    expect(g()).toBe(afterSignIn);
    await api.database.db.execute(sql`update campuses set name = name where false`);
    expect(g()).toBeGreaterThan(afterSignIn);
    const beforeTx = g();
    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(g()).toBeGreaterThan(beforeTx);
  });

  it.runIf(!onPglite)('is not offered on PostgreSQL, which other processes share', () => {
    expect(api.database.writeGeneration()).toBeUndefined();
  });
});

describe('reads remembered with the write generation', () => {
  it('never answers a list, a session or the current user from before a change', async () => {
    const admin = await api.signIn('admin@example.edu');
    const registrar = await api.signIn('registrar@example.edu');
    const listed = async () =>
      (await api.call('GET', '/core/v1.0/campuses?limit=100&sort=name', { token: admin })).body.rows.map(
        (r: { name: string }) => r.name,
      );
    const before = await listed();
    expect(await listed()).toEqual(before);
    const created = await api.call('POST', '/core/v1.0/campuses', {
      token: admin,
      body: { code: 'GEN', name: 'Generation Campus' },
    });
    expect(created.status).toBe(201);
    expect(await listed()).toContain('Generation Campus');

    const me = async () => (await api.call('GET', '/core/v1.0/users/me', { token: registrar })).body.data;
    expect((await me()).firstName).toBe('Gabriela');
    const registrarId = (await me())._id as string;
    expect(
      (await api.call('PUT', `/core/v1.0/users/${registrarId}`, { token: admin, body: { firstName: 'Gabriella' } })).status,
    ).toBe(200);
    expect((await me()).firstName).toBe('Gabriella');

    const myId = (await api.call('GET', '/core/v1.0/users/me', { token: admin })).body.data._id as string;
    expect((await api.call('POST', `/core/v1.0/auth/logout/${myId}`, { token: admin })).status).toBe(200);
    expect((await api.call('GET', '/core/v1.0/users/me', { token: admin })).status).toBe(401);
  });
});
