import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { entityRegistry } from '@campus/api-contract';
import { defineEntity, field, namedRecord, type AnyEntity } from '@campus/domain-core';
import { rows } from '../platform/db/client.js';
import { HttpError } from '../platform/http/errors.js';
import { startTestApi } from '../test/harness.js';
import type { ActorContext, ResourceHooks } from './crud.js';
import { resourceServices } from './service.js';

/**
 * The opt-in hooks of the generic record handlers, on an entity of its own (not in the registry, as an area keeps
 * one on its own routes) and a table made for it: a write-only secret kept in an extra column on create and update,
 * computed read fields (one from another table), the audit row's words, a 400 for a name clash, and delete.
 */
const api = await startTestApi();
const db = api.database.db;
await db.execute(sql`create table hook_notes (id uuid primary key default gen_random_uuid(), name text not null, body text not null default '',
  code_sealed text, is_active boolean not null default true, modified_by_id uuid,
  created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
await db.execute(sql`create unique index hook_notes_name on hook_notes (lower(name))`);
await db.execute(sql`create table hook_note_tags (note_id uuid not null references hook_notes(id) on delete cascade, tag text not null)`);

const noteEntity = defineEntity({
  resource: 'hook-notes',
  label: 'Note',
  pluralLabel: 'Notes',
  application: 'DATA',
  consolePath: '/app/migrations/hook-notes',
  fields: { name: field.text('Name', { required: true, max: 100 }), body: field.textarea('Body'), code: field.password('Code') },
  listColumns: ['name'],
  searchFields: ['name'],
  sortFields: ['name'],
  filterFields: [],
  defaultSort: 'name',
  ...namedRecord('name'),
  sample: (s) => ({ name: `Note ${s}` }),
});

/** The "sealed" form of a code: reversed, enough to tell that the column, not the answer, holds it. */
const seal = (input: Record<string, unknown>) => {
  const code = typeof input.code === 'string' ? input.code : '';
  delete input.code;
  return code ? { code_sealed: [...code].reverse().join('') } : {};
};
const hooks: ResourceHooks = {
  beforeCreate: async (_tx, data) => seal(data),
  beforeUpdate: async (_tx, _current, changes) => seal(changes),
  audit: ({ kind, extra }) => ({
    activity: `${kind} note`,
    changes: extra.code_sealed !== undefined ? { code: { before: null, after: 'set' } } : undefined,
  }),
  deleted: (record) => `Note ${String(record.name)} deleted.`,
  clashStatus: 400,
  computed: {
    fields: {
      hasCode: 't.code_sealed is not null',
      tags: `select coalesce(jsonb_agg(g.tag order by g.tag), '[]'::jsonb) from hook_note_tags g where g.note_id = t.id`,
    },
    tables: ['hook_note_tags'],
  },
};
const services = resourceServices(api.database, entityRegistry, (entity) => (entity.resource === noteEntity.resource ? hooks : undefined), [noteEntity as AnyEntity]);
const notes = services.of(noteEntity.resource);
let step = 0;
/** The administrator acting a second after the last write, so that the audit rows have an order. */
const actor = (): ActorContext => ({
  id: api.users.admin,
  email: 'admin@example.edu',
  ip: '127.0.0.1',
  adminScopes: ['DATA'],
  iamAdmin: false,
  now: new Date(api.clock.now().getTime() + (step += 1) * 1000),
});
const auditOf = (id: string) =>
  rows<{ activity: string; changes: Record<string, unknown> }>(db, sql`select activity, changes from audit_trails where record_id = ${id} order by created_at, id`);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as HttpError,
  );

describe('the generic record hooks', () => {
  it('serves an area-kept entity without mounting it with the registry', () => {
    expect(services.all.map((s) => s.entity.resource)).not.toContain(noteEntity.resource);
    expect(notes.entity).toBe(noteEntity);
  });

  let id = '';
  it('writes the extra columns of a create, answers the computed fields and never the secret', async () => {
    // Letters that no id or timestamp in the answer can hold (they are not hex digits).
    const created = await notes.create({ name: 'First', body: 'hello', code: 'pqr' }, actor());
    id = created._id;
    expect(created).toMatchObject({ name: 'First', body: 'hello', hasCode: true, tags: [], isActive: true, modifiedById: api.users.admin });
    expect(created).not.toHaveProperty('code');
    expect(JSON.stringify(created)).not.toContain('rqp');
    const [stored] = await rows<{ code_sealed: string }>(db, sql`select code_sealed from hook_notes where id = ${id}`);
    expect(stored!.code_sealed).toBe('rqp');
    const [entry] = await auditOf(id);
    expect(entry!.activity).toBe('create note');
    expect(entry!.changes).toMatchObject({ name: { before: null, after: 'First' }, code: { before: null, after: 'set' } });
    expect(JSON.stringify(entry)).not.toContain('pqr');
  });

  it('writes the extra columns beforeUpdate returns, and keeps the stored ones when it returns none', async () => {
    const kept = await notes.update(id, { body: 'changed', code: '' }, actor());
    expect(kept).toMatchObject({ body: 'changed', hasCode: true });
    const changed = await notes.update(id, { code: 'xyz' }, actor());
    expect(changed.hasCode).toBe(true);
    const [stored] = await rows<{ code_sealed: string }>(db, sql`select code_sealed from hook_notes where id = ${id}`);
    expect(stored!.code_sealed).toBe('zyx');
    const audit = await auditOf(id);
    expect(audit.map((a) => a.activity)).toEqual(['create note', 'update note', 'update note']);
    expect(audit[1]!.changes).toEqual({ body: { before: 'hello', after: 'changed' } });
    expect(audit[2]!.changes).toEqual({ code: { before: null, after: 'set' } });
  });

  it('reads computed fields from another table, in one record and in the whole list', async () => {
    await db.execute(sql`insert into hook_note_tags (note_id, tag) values (${id}, 'b'), (${id}, 'a')`);
    expect((await notes.get(id)).tags).toEqual(['a', 'b']);
    await notes.create({ name: 'another', body: '' }, actor());
    const all = await notes.all();
    expect(all.map((n) => [n.name, n.hasCode, n.tags])).toEqual([
      ['another', false, []],
      ['First', true, ['a', 'b']],
    ]);
  });

  it('answers a name clash with the status the resource asks for, in the spec’s words', async () => {
    const clash = await refusal(notes.create({ name: 'FIRST' }, actor()));
    expect(clash).toBeInstanceOf(HttpError);
    expect(clash!.statusCode).toBe(400);
    expect(clash!.message).toBe('Name is existing in First.');
    expect(clash!.fieldErrors).toEqual({ name: ['Name is existing in First.'] });
    const renamed = await refusal(notes.update(id, { name: 'Another' }, actor()));
    expect(renamed!.statusCode).toBe(400);
    expect(renamed!.message).toBe('Name is existing in another.');
  });

  it('deletes a record of a resource that opts in, with its audit row and message', async () => {
    expect(await notes.delete(id, actor())).toBe('Note First deleted.');
    expect((await refusal(notes.get(id)))!.statusCode).toBe(404);
    expect((await refusal(notes.delete(id, actor())))!.message).toBe('Note not found.');
    expect((await auditOf(id)).at(-1)).toMatchObject({ activity: 'delete note', changes: { name: { before: 'First', after: null } } });
    expect((await rows<{ n: number }>(db, sql`select count(*)::int as n from hook_note_tags where note_id = ${id}`))[0]!.n).toBe(0);
  });

  it('has no delete for a resource that does not opt in', async () => {
    const campuses = services.of('campuses');
    await expect(campuses.delete('00000000-0000-4000-8000-000000000000', actor())).rejects.toThrow('campuses has no delete.');
  });
});
