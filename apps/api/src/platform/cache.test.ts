import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { rows } from './db/client.js';
import { agingFacts, inRequestScope, type VersionTable } from './cache.js';
import { startTestApi, testDatabaseUrls } from '../test/harness.js';

const api = await startTestApi();
const onPglite = api.database.kind === 'pglite';

describe('table change counters', () => {
  it('move for the tables a statement writes, whoever writes, and for nothing else', async () => {
    const changes = api.database.tableChanges!;
    const stamp = async () => (await changes.stamp(['campuses', 'users']))!;
    const start = await stamp();
    await rows(api.database.db, sql`select count(*) from campuses`);
    expect(await stamp()).toBe(start);
    // A write outside the API's handlers (as the job engine or an import does) is seen all the same.
    await api.database.db.execute(sql`update campuses set name = name where false`);
    const afterCampuses = await stamp();
    expect(afterCampuses).not.toBe(start);
    expect(await changes.stamp(['users'])).toBe(start.split(',').slice(1).join(','));
    // Tables the answers do not read (the audit trail) leave them be.
    await api.database.db.execute(sql`delete from audit_trails where false`);
    expect(await stamp()).toBe(afterCampuses);
    // A transaction's writes are seen once it commits, before the call returns.
    await api.database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set first_name = first_name where false`);
    });
    expect(await stamp()).not.toBe(afterCampuses);
  });

  it('refuse to stamp a table without the version trigger, so nothing read from it is remembered', () => {
    expect(api.database.tableChanges!.stamp(['campuses', 'audit_trails'])).toBeUndefined();
  });

  it.runIf(!onPglite)('are read from the database once per request, and again after the request writes', async () => {
    const changes = api.database.tableChanges!;
    const reads = () => (changes as VersionTable).reads;
    await inRequestScope(async () => {
      const before = reads();
      const first = await changes.stamp(['campuses']);
      expect(await changes.stamp(['users', 'campuses'])).toMatch(/,\d+,$/);
      expect(await changes.stamp(['campuses'])).toBe(first);
      expect(reads() - before).toBe(1);
      // Another process's write that commits meanwhile is not seen within the request: it read the counters after
      // it began, so its answers are as of then.
      const other = new pg.Client({ connectionString: testDatabaseUrls.get(api.database) });
      await other.connect();
      await other.query('update campuses set name = name where false');
      await other.end();
      expect(await changes.stamp(['campuses'])).toBe(first);
      // Its own write is: the counters are read again after it.
      await api.database.db.execute(sql`update campuses set name = name where false`);
      const after = await changes.stamp(['campuses']);
      expect(Number(after!.slice(0, -1))).toBe(Number(first!.slice(0, -1)) + 2);
      // So is a transaction's, at its end.
      await api.database.db.transaction(async (tx) => {
        await tx.execute(sql`update campuses set name = name where false`);
      });
      expect(Number((await changes.stamp(['campuses']))!.slice(0, -1))).toBe(Number(first!.slice(0, -1)) + 3);
    });
    // Through the API: the session, the settings and the list of one request share one read.
    const admin = await api.signIn('admin@example.edu');
    const page = '/core/v1.0/campuses?limit=20&sort=name';
    expect((await api.call('GET', page, { token: admin })).status).toBe(200);
    const beforeCall = reads();
    expect((await api.call('GET', page, { token: admin })).status).toBe(200);
    expect(reads() - beforeCall).toBe(1);
    // Outside a request every stamp reads them.
    const before = reads();
    await changes.stamp(['campuses']);
    await changes.stamp(['campuses']);
    expect(reads() - before).toBe(2);
  });
});

describe('remembered answers', () => {
  it('never answer a list, a session or the current user from before a change', async () => {
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

  it('never answer a list with a label from before the labelled record changed', async () => {
    const admin = await api.signIn('admin@example.edu');
    const campus = await api.call('POST', '/core/v1.0/campuses', { token: admin, body: { code: 'LBL', name: 'Label Campus' } });
    const room = await api.call('POST', '/core/v1.0/rooms', {
      token: admin,
      body: { code: 'LBL-1', name: 'Label Room', campusId: campus.body.data._id, capacity: 10 },
    });
    expect(room.status).toBe(201);
    const labelOfRoom = async () =>
      (await api.call('GET', '/core/v1.0/rooms?search=code:LBL-1', { token: admin })).body.rows[0]._labels.campusId;
    expect(await labelOfRoom()).toBe('Label Campus');
    // Written without the API, as another writer would.
    await api.database.db.execute(sql`update campuses set name = 'Relabelled Campus' where code = 'LBL'`);
    expect(await labelOfRoom()).toBe('Relabelled Campus');
  });
});

describe('aging facts', () => {
  it('answer nothing until read, then the value, read again in the background once it is old; a failed reading is retried', async () => {
    // A second's age: the short waits below stay well within it even while the whole suite shares the machine's cores.
    const peek = agingFacts<number>('aging facts under test', 1000);
    const scope = {};
    let reads = 0;
    let fail = false;
    const load = async () => {
      reads += 1;
      if (fail) throw new Error('unavailable');
      return reads;
    };
    expect(peek(scope, 'k', load)).toBeUndefined();
    expect(peek(scope, 'k', load)).toBeUndefined(); // one reading at a time
    await new Promise((done) => setTimeout(done, 5));
    expect(peek(scope, 'k', load)).toBe(1);
    expect(reads).toBe(1);
    await new Promise((done) => setTimeout(done, 1100));
    fail = true;
    expect(peek(scope, 'k', load)).toBe(1); // the old value, while it is read again
    await new Promise((done) => setTimeout(done, 5));
    fail = false;
    expect(peek(scope, 'k', load)).toBe(1); // that reading failed: the next call reads again
    await new Promise((done) => setTimeout(done, 5));
    expect(peek(scope, 'k', load)).toBe(3);
    expect(peek({}, 'k', load)).toBeUndefined(); // per scope
  });
});
