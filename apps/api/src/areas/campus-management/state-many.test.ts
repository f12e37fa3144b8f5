import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entityRegistry } from '@campus/api-contract';
import { rows, type Db } from '../../platform/db/client.js';
import { startTestApi } from '../../test/harness.js';
import { updateStateMany } from '../../resources/crud.js';
import { resourceServices } from '../../resources/service.js';

const api = await startTestApi();
const token = await api.signIn('admin@example.edu');
const B = '/core/v1.0/academic-years';

async function year(code: string, from: number, status?: string): Promise<string> {
  const created = await api.call('POST', B, { token, body: { code, description: `School year ${from}`, from, to: from + 1 } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.data._id as string;
  if (status) expect((await api.call('PUT', `${B}/${id}`, { token, body: { status } })).status).toBe(200);
  return id;
}

const auditOf = (id: string) =>
  rows<{ activity: string; changes: unknown; actor_email: string }>(
    api.database.db,
    sql`select activity, changes, actor_email from audit_trails where record_id = ${id} and activity like 'Changed status%' order by created_at desc limit 1`,
  );

describe('a state change of many records at once', () => {
  it('checks each record as a single change would, changes the accepted ones and audits them the same way', async () => {
    const upcoming = [await year('AY3001', 2101), await year('AY3002', 2102)];
    const open = await year('AY3003', 2103, 'OPEN');
    const byHand = await year('AY3004', 2104, 'OPEN');
    const missing = randomUUID();
    api.clock.advance(1000); // the audit rows below are told apart by time

    const model = resourceServices(api.database, entityRegistry, () => undefined).all.find((s) => s.entity.resource === 'academic-years')!.model;
    const actor = { id: api.users.admin, email: 'admin@example.edu', ip: null, adminScopes: ['CAMPUS'], iamAdmin: true, now: api.clock.now() };
    const result = await api.database.db.transaction((tx) =>
      updateStateMany({ db: tx as unknown as Db, byResource: (r) => entityRegistry.byResource(r) }, model, [...upcoming, open, missing], 'CLOSED', actor),
    );
    expect(result.changed).toEqual([open]);
    expect(result.refused).toEqual(
      expect.arrayContaining([
        { id: upcoming[0], message: 'Cannot change status from UPCOMING to CLOSED.' },
        { id: upcoming[1], message: 'Cannot change status from UPCOMING to CLOSED.' },
        { id: missing, message: 'Academic Year not found.' },
      ]),
    );
    const statuses = await rows<{ code: string; status: string }>(api.database.db, sql`select code, status from academic_years where code like 'AY300%' order by code`);
    expect(statuses.map((s) => s.status)).toEqual(['UPCOMING', 'UPCOMING', 'CLOSED', 'OPEN']);

    // The same change made with a single PUT writes the same kind of audit row.
    api.clock.advance(1000);
    expect((await api.call('PUT', `${B}/${byHand}`, { token, body: { status: 'CLOSED' } })).status).toBe(200);
    const [bulk] = await auditOf(open);
    const [single] = await auditOf(byHand);
    expect(bulk).toEqual({ activity: 'Changed status of academic year School year 2103 to CLOSED', changes: { status: { before: 'OPEN', after: 'CLOSED' } }, actor_email: 'admin@example.edu' });
    expect(single).toEqual({ ...bulk, activity: 'Changed status of academic year School year 2104 to CLOSED' });
  });

  it('is refused for a resource whose updates have hooks', async () => {
    const model = resourceServices(api.database, entityRegistry, () => undefined).all.find((s) => s.entity.resource === 'campuses')!.model;
    const actor = { id: api.users.admin, email: 'admin@example.edu', ip: null, adminScopes: ['CAMPUS'], iamAdmin: true, now: api.clock.now() };
    await expect(
      updateStateMany({ db: api.database.db, byResource: () => undefined, hooks: { afterUpdate: async () => undefined } }, model, [randomUUID()], false, actor),
    ).rejects.toThrow('has update hooks');
  });
});
