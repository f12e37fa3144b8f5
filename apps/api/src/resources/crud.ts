import { sql, type SQL } from 'drizzle-orm';
import {
  initialState,
  isAllowedStateChange,
  ruleProblems,
  uniquenessMessage,
  type AnyEntity,
  type UniqueDescriptor,
} from '@campus/domain-core';
import { changesBetween, writeAudit, type Actor } from '../platform/audit/audit.js';
import type { AuditChanges } from '../platform/db/schema/core.js';
import { rows, type Db } from '../platform/db/client.js';
import { newId } from '../platform/db/new-id.js';
import { snake, tableNameOf } from '../platform/db/table-for.js';
import { HttpError } from '../platform/http/errors.js';
import { bindValue, col, isTextField, type EntityModel, arrayTypeOf } from './model.js';

export { COUNT_ESTIMATE_THRESHOLD, listPage, type ListDatabase } from './list/index.js';

export type EntityRecord = Record<string, unknown> & { _id: string };

/** Special behaviour an entity adds to the generic handler (e.g. users: password hash, privilege rules). */
export interface ResourceHooks {
  /** Checks a create input and returns extra columns to write; may remove write-only fields from `data`. */
  beforeCreate?(tx: Db, data: Record<string, unknown>, actor: ActorContext): Promise<Record<string, unknown>>;
  /**
   * Checks an update against the current record; may change `changes` (e.g. remove write-only fields) and may
   * return extra columns to write with it (e.g. a secret sealed again).
   */
  beforeUpdate?(tx: Db, current: EntityRecord, changes: Record<string, unknown>, actor: ActorContext): Promise<Record<string, unknown> | void>;
  afterUpdate?(tx: Db, before: EntityRecord, after: EntityRecord, actor: ActorContext): Promise<void>;
  /** Runs after the insert and its audit row, in the same transaction (e.g. work that follows from the record). */
  afterCreate?(tx: Db, record: EntityRecord, actor: ActorContext): Promise<void>;
  /**
   * What the audit row of a write says, where the generic words will not do: its activity, and changes to add
   * (e.g. only that a write-only secret was set, never its value). Given the extra columns the write wrote.
   */
  audit?(write: AuditedWrite): { readonly activity?: string; readonly changes?: AuditChanges };
  /**
   * Opts the resource in to deleting records (the generic CRUD has no delete: records are switched off through
   * their state field): the message the delete answers with.
   */
  deleted?(record: EntityRecord): string;
  /** The status a uniqueness clash answers (409 unless the resource's routes promise another, e.g. 400). */
  readonly clashStatus?: 400 | 409;
  /**
   * Fields the answer computes rather than stores (e.g. whether a secret is stored, rows of another table): each an
   * SQL expression over the row aliased `t`, without parameters, and the other tables they read (lists remembered
   * while those tables are unchanged only). Write-only fields and their stored secrets are never selected.
   */
  readonly computed?: { readonly fields: Readonly<Record<string, string>>; readonly tables?: readonly string[] };
}

/** A write as its audit row sees it: what it did, the record before and after, and the extra columns written. */
export interface AuditedWrite {
  readonly kind: 'create' | 'update' | 'delete';
  readonly before: EntityRecord | null;
  readonly after: EntityRecord | null;
  readonly extra: Readonly<Record<string, unknown>>;
}

/** The acting user: identity for the audit trail and grants for privilege rules. */
export interface ActorContext extends Actor {
  readonly adminScopes: readonly string[];
  readonly iamAdmin: boolean;
  readonly now: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getRecord(db: Db, model: EntityModel, id: string, lock = false): Promise<EntityRecord | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await rows<{ record: EntityRecord }>(
    db,
    sql`select ${model.record} as record from ${model.table} t ${model.joins} where t.id = ${id}
        ${lock ? sql`for update of t` : sql``}`,
  );
  return row?.record;
}

export function notFound(entity: AnyEntity): HttpError {
  return new HttpError(404, `${entity.label} not found.`);
}

/** The fields a record's name is taken from, in order: the display field, else name, description or code. */
const holderKeys = (entity: AnyEntity) => [entity.displayField, 'name', 'description', 'code'];

/** The name a uniqueness message gives the holder: the display field, else name, description or code. */
function holderName(record: Record<string, unknown>, entity: AnyEntity): string {
  for (const key of holderKeys(entity)) {
    const value = record[key];
    if (value !== null && value !== undefined && String(value).trim() !== '') return String(value);
  }
  return 'another record';
}

async function uniqueHolder(
  db: Db,
  model: EntityModel,
  u: UniqueDescriptor,
  data: Record<string, unknown>,
  selfId: string | null,
): Promise<EntityRecord | undefined> {
  const value = data[u.field];
  if (value === null || value === undefined || value === '') return undefined;
  const f = model.fields.get(u.field);
  const conditions = [
    f && isTextField(f) ? sql`lower(${col(u.field)}) = lower(${value})` : sql`${col(u.field)} = ${value}`,
    ...(u.scope ?? []).map((s) =>
      data[s] === null || data[s] === undefined ? sql`${col(s)} is null` : sql`${col(s)} = ${data[s]}`,
    ),
  ];
  if (selfId) conditions.push(sql`t.id <> ${selfId}`);
  const [row] = await rows<{ record: EntityRecord }>(
    db,
    sql`select ${model.record} as record from ${model.table} t ${model.joins} where ${sql.join(conditions, sql` and `)} limit 1`,
  );
  return row?.record;
}

/**
 * The friendly pre-check of spec §5: 409 (or the resource's `clashStatus`) `Code is existing in {holder}.` /
 * `Name is existing in {holder}.`
 */
async function checkUnique(
  db: Db,
  model: EntityModel,
  data: Record<string, unknown>,
  selfId: string | null,
  only?: Set<string>,
  status: number = 409,
) {
  for (const u of model.entity.unique) {
    if (only && ![u.field, ...(u.scope ?? [])].some((f) => only.has(f))) continue;
    const holder = await uniqueHolder(db, model, u, data, selfId);
    if (holder) {
      throw new HttpError(status, uniquenessMessage(u.label, holderName(holder, model.entity)), {
        [u.field]: [uniquenessMessage(u.label, holderName(holder, model.entity))],
      });
    }
  }
}

/** References must point at existing records (multi-references have no foreign key to do it). */
async function checkReferences(db: Db, model: EntityModel, data: Record<string, unknown>, registry: (r: string) => AnyEntity | undefined) {
  const problems: Record<string, string[]> = {};
  for (const [name, f] of model.fields) {
    if ((f.kind !== 'reference' && f.kind !== 'multi-reference') || !(name in data)) continue;
    const value = data[name];
    const ids = [...new Set((Array.isArray(value) ? value : value ? [value] : []) as string[])];
    if (!ids.length) continue;
    const target = registry(f.resource);
    if (!target) continue;
    const [row] = await rows<{ n: number | string }>(
      db,
      sql`select count(*) as n from ${sql.identifier(tableNameOf(target))} where id = any(${bindValue({ ...f, kind: 'multi-reference' }, ids)})`,
    );
    if (Number(row?.n) !== ids.length) problems[name] = [`Choose an existing ${f.label.toLowerCase()}.`];
  }
  if (Object.keys(problems).length) {
    throw new HttpError(400, Object.values(problems)[0]![0]!, problems);
  }
}

/** Walks an error and its causes for a PostgreSQL error code (drizzle wraps driver errors). */
export function pgErrorCode(error: unknown): { code?: string; constraint?: string } {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const e = current as { code?: unknown; constraint?: string; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return { code: e.code, constraint: e.constraint };
    current = e.cause;
  }
  return {};
}

/** Fields of a record as stored, without derived keys, for audit before/after values. */
function auditView(record: Record<string, unknown>, keys: Iterable<string>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const key of keys) view[key] = record[key] ?? null;
  return view;
}

/** The keys an audit row's changes are taken from: every field of the entity, and its state. */
const auditedKeys = (model: EntityModel): string[] => [...new Set([...model.fields.keys(), model.entity.state.kind])];

/**
 * The audit changes of a new record, as `changesBetween({}, auditView(record, keys))` gives them (every key with a
 * value, from null), without the two objects in between: a bulk save writes one per record.
 */
function createdChanges(record: Record<string, unknown>, keys: readonly string[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const key of keys) {
    const value = record[key] ?? null;
    if (value !== null) changes[key] = { before: null, after: value };
  }
  return changes;
}

/** A text with something besides what JavaScript's `trim` removes (white space and line ends), as a regex. */
const NOT_ONLY_SPACE = '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** Whether new records' audit rows are written in SQL (`createdAuditSql`): not when a field the name may come from holds a list. */
function auditsCreatedInSql(model: EntityModel): boolean {
  return !holderKeys(model.entity).some((k) => ['multi-enum', 'multi-reference'].includes(model.fields.get(k)?.kind ?? ''));
}

/**
 * The audit rows of new records written in SQL, in the statement that inserts them, from the same values
 * `createRecord` writes them from (the expressions of `model.values`, over the inserted rows `t`): its activity
 * `Created <label> <holderName>` and its changes `createdChanges`. Only the audited keys are read, not the whole
 * record. Answers the statement part over `t`, or undefined when a field the name may come from holds a list (whose
 * text SQL writes otherwise than JavaScript): then the rows are written from JavaScript.
 */
function createdAuditSql(model: EntityModel, actor: ActorContext, at: string): SQL | undefined {
  if (!auditsCreatedInSql(model)) return undefined;
  const { entity } = model;
  const keys = [...new Set(holderKeys(entity))];
  // A key the record does not hold reads as null, as `record[key]` does in JavaScript; `#>> '{}'` is the value's text
  // as `->>` reads it from the record.
  const texts = keys.flatMap((k) => {
    const value = model.valueOf.get(k);
    return value ? [sql`(to_jsonb(${value}) #>> '{}')`] : [];
  });
  const name = texts.length
    ? sql.join(texts.map((text) => sql`case when ${text} ~ ${NOT_ONLY_SPACE}::text then ${text} end`), sql`, `)
    : sql`null::text`;
  // The changes are written as JSON text and read once as `jsonb`: one `{"before":null,"after":…}` per audited key with
  // a value (`concat_ws` leaves out the keys whose value is null), which is the object `createdChanges` builds, at a
  // third of the cost of building each key's `jsonb` and aggregating them.
  const pieces = auditedKeys(model).flatMap((k) => {
    const value = model.valueOf.get(k);
    return value ? [sql`${sql.raw(`'${JSON.stringify(k).replace(/'/g, "''")}:{"before":null,"after":'`)} || to_json(${value})::text || '}'`] : [];
  });
  // A call takes at most 100 arguments: the pieces are joined 90 at a time, a group without any value as null.
  const groups: SQL[] = [];
  for (let i = 0; i < pieces.length; i += 90) groups.push(sql`nullif(concat_ws(',', ${sql.join(pieces.slice(i, i + 90), sql`, `)}), '')`);
  const joined = groups.length === 1 ? groups[0]! : sql`concat_ws(',', ${sql.join(groups, sql`, `)})`;
  const changes = pieces.length ? sql`('{' || coalesce(${joined}, '') || '}')::jsonb` : sql`'{}'::jsonb`;
  return sql`insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, reported_by_client, created_at)
    select ${actor.id}::uuid, ${actor.email}::text, ${`Created ${entity.label.toLowerCase()} `}::text || coalesce(${name}, 'another record'),
           ${entity.resource}::text, t.id::text, ${changes}, ${actor.ip}::text, false, ${at}::timestamptz
      from t`;
}

export interface CrudDeps {
  readonly db: Db;
  readonly byResource: (resource: string) => AnyEntity | undefined;
  readonly hooks?: ResourceHooks;
}

function stateActivity(entity: AnyEntity, display: string, to: unknown): string {
  if (entity.state.kind === 'isActive') return `${to ? 'Activated' : 'Deactivated'} ${entity.label.toLowerCase()} ${display}`;
  return `Changed status of ${entity.label.toLowerCase()} ${display} to ${String(to)}`;
}

/** Maps a unique violation that slipped past the pre-check (a race) to the same 409. */
async function asConflict(deps: CrudDeps, model: EntityModel, data: Record<string, unknown>, selfId: string | null, error: unknown) {
  const { code } = pgErrorCode(error);
  if (code === '23505') {
    const status = deps.hooks?.clashStatus ?? 409;
    try {
      await checkUnique(deps.db, model, data, selfId, undefined, status);
    } catch (conflict) {
      if (conflict instanceof HttpError) return conflict;
    }
    return new HttpError(status, `This ${model.entity.label.toLowerCase()} clashes with an existing one.`);
  }
  if (code === '23503') return new HttpError(400, 'A referenced record does not exist.');
  return error;
}

/** Creates a record: references, uniqueness, insert and audit row in one transaction. */
export async function createRecord(deps: CrudDeps, model: EntityModel, input: Record<string, unknown>, actor: ActorContext) {
  const { entity } = model;
  const data: Record<string, unknown> = { ...input };
  delete data.modifiedById;
  try {
    return await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const extra = (await deps.hooks?.beforeCreate?.(tx, data, actor)) ?? {};
      await checkReferences(tx, model, data, deps.byResource);
      await checkUnique(tx, model, data, null, undefined, deps.hooks?.clashStatus);
      const values: [string, SQL][] = [];
      if (!('id' in extra)) values.push(['id', sql`${newId()}`]);
      for (const [name, f] of model.fields) if (name in data) values.push([snake(name), bindValue(f, data[name])]);
      values.push([snake(entity.state.kind), sql`${data[entity.state.kind] ?? initialState(entity)}`]);
      values.push(['modified_by_id', sql`${actor.id}`]);
      values.push(['created_at', sql`${actor.now.toISOString()}`], ['updated_at', sql`${actor.now.toISOString()}`]);
      for (const [column, value] of Object.entries(extra)) values.push([column, sql`${value}`]);
      const [inserted] = await rows<{ id: string }>(
        tx,
        sql`insert into ${model.table} (${sql.join(values.map(([c]) => sql.identifier(c)), sql`, `)})
            values (${sql.join(values.map(([, v]) => v), sql`, `)}) returning id`,
      );
      const record = (await getRecord(tx, model, inserted!.id))!;
      const keys = auditedKeys(model);
      const told = deps.hooks?.audit?.({ kind: 'create', before: null, after: record, extra });
      await writeAudit(
        tx,
        {
          actor,
          activity: told?.activity ?? `Created ${entity.label.toLowerCase()} ${holderName(record, entity)}`,
          resource: entity.resource,
          recordId: record._id,
          changes: { ...createdChanges(record, keys), ...told?.changes },
        },
        actor.now,
      );
      await deps.hooks?.afterCreate?.(tx, record, actor);
      return record;
    });
  } catch (error) {
    throw await asConflict(deps, model, data, null, error);
  }
}

/**
 * Updates a record with any subset of its writable fields: merge, cross-field rules on the merged record,
 * lifecycle check of a status change, references, uniqueness, update and audit row in one transaction.
 */
export async function updateRecord(
  deps: CrudDeps,
  model: EntityModel,
  id: string,
  input: Record<string, unknown>,
  actor: ActorContext,
) {
  const { entity } = model;
  const changes: Record<string, unknown> = { ...input };
  delete changes.modifiedById;
  let merged: Record<string, unknown> = {};
  try {
    return await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await getRecord(tx, model, id, true);
      if (!current) throw notFound(entity);
      merged = { ...current, ...changes };
      const stateKey = entity.state.kind;
      if (stateKey in changes && !isAllowedStateChange(entity, current[stateKey], changes[stateKey])) {
        const message = `Cannot change status from ${String(current[stateKey])} to ${String(changes[stateKey])}.`;
        throw new HttpError(400, message, { [stateKey]: [message] });
      }
      const problems = ruleProblems(entity, merged);
      if (problems.length) {
        const fieldErrors: Record<string, string[]> = {};
        for (const p of problems) (fieldErrors[p.field] ??= []).push(p.message);
        throw new HttpError(400, problems[0]!.message, fieldErrors);
      }
      const extra = (await deps.hooks?.beforeUpdate?.(tx, current, changes, actor)) ?? {};
      merged = { ...current, ...changes };
      await checkReferences(tx, model, changes, deps.byResource);
      await checkUnique(tx, model, merged, id, new Set(Object.keys(changes)), deps.hooks?.clashStatus);
      const sets: SQL[] = [];
      for (const [name, value] of Object.entries(changes)) {
        if (name === stateKey) sets.push(sql`${sql.identifier(snake(name))} = ${value}`);
        else if (model.fields.has(name)) sets.push(sql`${sql.identifier(snake(name))} = ${bindValue(model.fields.get(name), value)}`);
      }
      sets.push(sql`updated_at = ${actor.now.toISOString()}`, sql`modified_by_id = ${actor.id}`);
      for (const [column, value] of Object.entries(extra)) sets.push(sql`${sql.identifier(column)} = ${value}`);
      await tx.execute(sql`update ${model.table} set ${sql.join(sets, sql`, `)} where id = ${id}`);
      const after = (await getRecord(tx, model, id))!;
      const diff = changesBetween(auditView(current, Object.keys(changes)), auditView(after, Object.keys(changes)));
      const changed = Object.keys(diff);
      const display = holderName(after, entity);
      const told = deps.hooks?.audit?.({ kind: 'update', before: current, after, extra });
      const activity =
        told?.activity ??
        (changed.length === 1 && changed[0] === stateKey
          ? stateActivity(entity, display, after[stateKey])
          : `Updated ${entity.label.toLowerCase()} ${display}`);
      await writeAudit(tx, { actor, activity, resource: entity.resource, recordId: id, changes: { ...diff, ...told?.changes } }, actor.now);
      await deps.hooks?.afterUpdate?.(tx, current, after, actor);
      return after;
    });
  } catch (error) {
    throw await asConflict(deps, model, merged, id, error);
  }
}

/**
 * Deletes a record of a resource that opts in to deletion (`ResourceHooks.deleted`): lock, delete and audit row in
 * one transaction. Answers the resource's message. A record still referenced elsewhere is refused with a 409.
 */
export async function deleteRecord(deps: CrudDeps, model: EntityModel, id: string, actor: ActorContext): Promise<string> {
  const { entity } = model;
  const deleted = deps.hooks?.deleted;
  if (!deleted) throw new Error(`${entity.resource} has no delete.`);
  try {
    return await deps.db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const current = await getRecord(tx, model, id, true);
      if (!current) throw notFound(entity);
      await tx.execute(sql`delete from ${model.table} where id = ${id}`);
      const keys = auditedKeys(model);
      const told = deps.hooks?.audit?.({ kind: 'delete', before: current, after: null, extra: {} });
      await writeAudit(
        tx,
        {
          actor,
          activity: told?.activity ?? `Deleted ${entity.label.toLowerCase()} ${holderName(current, entity)}`,
          resource: entity.resource,
          recordId: id,
          changes: { ...changesBetween(auditView(current, keys), {}), ...told?.changes },
        },
        actor.now,
      );
      return deleted(current);
    });
  } catch (error) {
    if (pgErrorCode(error).code === '23503') throw new HttpError(409, `This ${entity.label.toLowerCase()} is still in use.`);
    throw error;
  }
}

/**
 * Every record of a resource kept in small numbers (e.g. saved connections), by its display field: for routes that
 * answer the whole list rather than a page.
 */
export async function allRecords(db: Db, model: EntityModel): Promise<EntityRecord[]> {
  const list = await rows<{ record: EntityRecord }>(
    db,
    sql`select ${model.record} as record from ${model.table} t ${model.joins} order by lower((${col(model.entity.displayField)})::text), t.id`,
  );
  return list.map((r) => r.record);
}

/**
 * One state change (`isActive` or `status`) for many records at once, with the same checks and audit rows as
 * `updateRecord` gives each: the records are read and locked in one statement, each is checked (allowed move,
 * rules), the accepted ones change in one UPDATE, and their audit rows go in one INSERT. Only for resources
 * without update hooks (a hook may do per-record work); `deps.db` is the caller's transaction. Answers the ids
 * that changed and the refusals with their messages.
 */
export async function updateStateMany(
  deps: CrudDeps,
  model: EntityModel,
  ids: readonly string[],
  target: unknown,
  actor: ActorContext,
): Promise<{ changed: string[]; refused: { id: string; message: string }[] }> {
  if (deps.hooks?.beforeUpdate || deps.hooks?.afterUpdate) throw new Error(`${model.entity.resource} has update hooks: change it record by record.`);
  const { entity } = model;
  const stateKey = entity.state.kind;
  const wanted = ids.filter((id) => UUID.test(id));
  if (!wanted.length) return { changed: [], refused: [] };
  const current = await rows<{ record: EntityRecord }>(
    deps.db,
    sql`select ${model.record} as record from ${model.table} t ${model.joins}
        where t.id = any(${`{${wanted.join(',')}}`}::uuid[]) order by t.id for update of t`,
  );
  const refused: { id: string; message: string }[] = [];
  const accepted: EntityRecord[] = [];
  for (const { record } of current) {
    const id = String(record._id);
    if (!isAllowedStateChange(entity, record[stateKey], target)) {
      refused.push({ id, message: `Cannot change status from ${String(record[stateKey])} to ${String(target)}.` });
      continue;
    }
    const problems = ruleProblems(entity, { ...record, [stateKey]: target });
    if (problems.length) refused.push({ id, message: problems[0]!.message });
    else accepted.push(record);
  }
  const found = new Set(current.map(({ record }) => String(record._id)));
  for (const id of wanted) if (!found.has(id)) refused.push({ id, message: notFound(entity).message });
  if (!accepted.length) return { changed: [], refused };
  const changedIds = accepted.map((r) => String(r._id));
  const at = actor.now.toISOString();
  await deps.db.execute(
    sql`update ${model.table} set ${sql.identifier(snake(stateKey))} = ${target}, updated_at = ${at}, modified_by_id = ${actor.id}
        where id = any(${`{${changedIds.join(',')}}`}::uuid[])`,
  );
  const audit = accepted.map((record) => {
    const after = { ...record, [stateKey]: target };
    return sql`(${actor.id}, ${actor.email}, ${stateActivity(entity, holderName(after, entity), target)}, ${entity.resource}, ${String(record._id)},
                ${JSON.stringify(changesBetween(auditView(record, [stateKey]), auditView(after, [stateKey])))}::jsonb, ${actor.ip}, false, ${at})`;
  });
  await deps.db.execute(
    sql`insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, reported_by_client, created_at)
        values ${sql.join(audit, sql`, `)}`,
  );
  return { changed: changedIds, refused };
}

export { arrayTypeOf };

/** One record of `saveMany`: an update of `id` with these changes, or (no id) a create. */
export interface SaveItem {
  readonly id?: string;
  readonly input: Record<string, unknown>;
}
export type SaveOutcome = { ok: true; created: boolean; id: string } | { ok: false; error: HttpError };

/** Splits `list` into slices whose bound parameters stay well under PostgreSQL's limit. */
function slices<T>(list: readonly T[], perItem: number): T[][] {
  const size = Math.max(1, Math.floor(20_000 / Math.max(1, perItem)));
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Adds `value` to the list under `key` (made on first use). */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

async function recordsById(db: Db, model: EntityModel, ids: readonly string[], lock = false): Promise<Map<string, EntityRecord>> {
  const found = new Map<string, EntityRecord>();
  for (const part of slices(ids, 1)) {
    const list = await rows<{ record: EntityRecord }>(
      db,
      sql`select ${model.record} as record from ${model.table} t ${model.joins} where t.id = any(${uuidArray(part)})
          ${lock ? sql`order by t.id for update of t` : sql``}`,
    );
    for (const { record } of list) found.set(String(record._id), record);
  }
  return found;
}

/** A record `saveMany` is to create or update: its item's place, its id, its changes and the record they make. */
interface Pending {
  index: number;
  id: string;
  created: boolean;
  data: Record<string, unknown>;
  merged: Record<string, unknown>;
  current?: EntityRecord;
  /** Per unique field of the entity (`uniqueOf`), in its order: the record's claim, or none. */
  unique?: readonly (UniqueClaim | undefined)[];
}

/** What a record claims of a unique field: the value as the stored holders are asked for it, and its key. */
interface UniqueClaim {
  readonly wanted: string;
  readonly key: string;
}

/** The key of a unique value (with its scope) as the records claiming it are compared; none for an empty value. */
function uniqueKey(model: EntityModel, u: UniqueDescriptor, record: Record<string, unknown>): string | undefined {
  const value = record[u.field];
  if (value === null || value === undefined || value === '') return undefined;
  const f = model.fields.get(u.field);
  const v = f && isTextField(f) ? String(value).toLowerCase() : JSON.stringify(value);
  return u.scope?.length ? [v, ...u.scope.map((s) => JSON.stringify(record[s] ?? null))].join('\u0001') : v;
}

/**
 * What a record claims of each unique field of its entity: a new record all its non-empty values, a changed one those
 * of the fields (or scopes) it changes.
 */
function uniqueOf(model: EntityModel, p: Pending): (UniqueClaim | undefined)[] {
  return model.entity.unique.map((u) => {
    if (!p.created && ![u.field, ...(u.scope ?? [])].some((f) => f in p.data)) return undefined;
    const key = uniqueKey(model, u, p.merged);
    return key === undefined ? undefined : { wanted: String(p.merged[u.field]).toLowerCase(), key };
  });
}

/**
 * What `saveMany` works out before it reaches the database (`savePlanner`): the new records with their ids, and their
 * INSERT statements as they are when every one of them is accepted. Planned while the database is busy with
 * something else (the import plans a chunk while the chunk before it is saved), it leaves the database less to wait
 * for; a plan is used once.
 */
export interface SavePlan {
  readonly model: EntityModel;
  readonly items: readonly SaveItem[];
  readonly at: string;
  readonly creates: readonly Pending[];
  /** The INSERTs of every create, built ahead; undefined where they are built once the creates are known. */
  readonly inserts?: readonly SQL[];
}

/** How `saveMany` may send its statements, and whom it tells of the outcomes as soon as they are known. */
export interface SaveManyOptions {
  /** Whether statements may be sent without waiting for the ones before them (see `saveMany`). */
  readonly pipelined?: boolean;
  /**
   * Told the outcomes of a plan saved ahead of its check once the check accepted every create, before the INSERTs are
   * waited for: the caller may send what follows. If an INSERT then fails, `saveMany` throws as usual, and what the
   * caller sent after it fails with it (the transaction is aborted until it rolls back to a savepoint).
   */
  readonly decided?: (outcomes: readonly SaveOutcome[]) => void;
}

/**
 * The INSERTs of new records, with their audit rows where SQL writes them: one per group of records setting the same
 * fields, split to keep each statement's parameter small. Rows travel as one JSON parameter, typed by the table's own
 * row type (`json_populate_recordset`; `json` rather than `jsonb`, which would build a tree of the whole set first);
 * a statement whose records' audit rows are written here answers nothing, the others their records' own values (as
 * the API shows them, without labels) from their RETURNING rows. `rowJson` is each record's row as JSON text.
 */
function insertsOf(model: EntityModel, creates: readonly Pending[], actor: ActorContext, at: string, rowJson = (p: Pending) => rowJsonOf(model, p)): SQL[] {
  const stateColumn = snake(model.entity.state.kind);
  // New records' audit rows go in with them, written in SQL, where it writes them as JavaScript would.
  const createdAudit = createdAuditSql(model, actor, at);
  // What every row of the set shares (who and when) travels once, as one record of the table's own row type.
  const shared = ['modified_by_id', 'created_at', 'updated_at'];
  const sharedJson = JSON.stringify({ modified_by_id: actor.id, created_at: at, updated_at: at });
  const out: SQL[] = [];
  for (const group of groupBy(creates, (p) => fieldsOf(model, p).join(',')).values()) {
    const columns = ['id', ...fieldsOf(model, group[0]!).map(snake), stateColumn];
    const list = sql.join([...columns, ...shared].map((c) => sql.identifier(c)), sql`, `);
    const picked = sql.join([...columns.map((c) => sql`r.${sql.identifier(c)}`), ...shared.map((c) => sql`s.${sql.identifier(c)}`)], sql`, `);
    for (const part of slices(group, 20)) {
      const inserted = sql`insert into ${model.table} (${list}) select ${picked}
        from json_populate_recordset(null::${model.table}, ${`[${part.map(rowJson).join(',')}]`}::json) r cross join json_populate_record(null::${model.table}, ${sharedJson}::json) s
        returning *`;
      out.push(createdAudit ? sql`with t as (${inserted}) ${createdAudit}` : sql`with t as (${inserted}) select ${model.values} as record from t`);
    }
  }
  return out;
}

/** The entity's fields a new record sets, in the entity's order. */
function fieldsOf(model: EntityModel, p: Pending): string[] {
  const out: string[] = [];
  for (const name of model.fields.keys()) if (name in p.data) out.push(name);
  return out;
}

/** A new record's row for `json_populate_recordset`, as JSON text: its id, the fields it sets and its state. */
function rowJsonOf(model: EntityModel, p: Pending): string {
  const stateKey = model.entity.state.kind;
  const row = rowOf(p, fieldsOf(model, p));
  row[snake(stateKey)] = p.data[stateKey] ?? initialState(model.entity);
  return JSON.stringify(row);
}

/** Groups `list` by a key, in the order the keys are first met. */
function groupBy<T>(list: readonly T[], keyOf: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of list) addTo(groups, keyOf(t), t);
  return groups;
}

/** A record's row for `json_populate_recordset`: its id and the given fields under their columns. */
function rowOf(p: Pending, names: readonly string[], columns: readonly string[] = names.map(snake)): Record<string, unknown> {
  const row: Record<string, unknown> = { id: p.id };
  for (let i = 0; i < names.length; i += 1) row[columns[i]!] = p.data[names[i]!] ?? null;
  return row;
}

/** A create as `saveMany` holds it: the item's changes, without the one the server sets, and a new id. */
function pendingCreate(index: number, item: SaveItem): Pending {
  const data: Record<string, unknown> = { ...item.input };
  // `delete` turns an object into a slow dictionary: only when there is something to remove.
  if ('modifiedById' in data) delete data.modifiedById;
  return { index, id: newId(), created: true, data, merged: data };
}

/**
 * Plans a `saveMany` item by item (`add`, then `plan` once): each create gets its id and its row as JSON text as it
 * is added, so that planning a large set can be spread over many turns of the event loop; the plan holds the INSERTs
 * as they are when every create is accepted. Nothing is read or written. Only for resources without hooks.
 */
export function savePlanner(model: EntityModel, actor: ActorContext) {
  const items: SaveItem[] = [];
  const creates: Pending[] = [];
  const rowJson = new Map<Pending, string>();
  return {
    add(item: SaveItem): void {
      if (!item.id) {
        const p = pendingCreate(items.length, item);
        p.unique = uniqueOf(model, p);
        creates.push(p);
        rowJson.set(p, rowJsonOf(model, p));
      }
      items.push(item);
    },
    plan(): SavePlan {
      const at = actor.now.toISOString();
      return { model, items, at, creates, inserts: insertsOf(model, creates, actor, at, (p) => rowJson.get(p)!) };
    },
  };
}

/**
 * Creates and updates many records of one resource in set-based statements, with the checks and audit rows
 * `createRecord` / `updateRecord` give each one: the updated records are read and locked in one statement, each
 * item is checked in order (allowed state change, rules, uniqueness against the stored records and against the
 * items before it), the accepted creates go in multi-row INSERTs, the accepted updates in `UPDATE … FROM (VALUES …)`
 * grouped by the fields they change, and the audit rows in multi-row INSERTs. Only for resources without hooks;
 * references must already be ids of existing records; `deps.db` is the caller's transaction. A database error
 * (a clash the checks did not foresee) is thrown: the caller rolls back to a savepoint and saves record by record.
 * New records' audit rows are written in SQL by the statement that inserts them, where SQL writes them as
 * JavaScript would (`createdAuditSql`); then their values never leave the database. Answers one outcome per item, in
 * order, with the record's id. Takes the items, or their plan (`savePlanner`).
 *
 * With `options.pipelined` (a connection that takes statements in turn from a queue: the embedded database), a plan
 * of creates only is saved ahead of its check: the uniqueness probes, then the planned INSERTs inside a savepoint of
 * their own, all sent at once. If the probes find a holder, the savepoint is rolled back and the accepted creates are
 * inserted as usual; otherwise `options.decided` is told the outcomes while the INSERTs still run.
 */
export async function saveMany(
  deps: CrudDeps,
  model: EntityModel,
  items: readonly SaveItem[] | SavePlan,
  actor: ActorContext,
  options: SaveManyOptions = {},
): Promise<SaveOutcome[]> {
  if (deps.hooks) throw new Error(`${model.entity.resource} has hooks: save it record by record.`);
  const plan: SavePlan =
    'items' in items ? items : { model, items, at: actor.now.toISOString(), creates: items.flatMap((item, index) => (item.id ? [] : [pendingCreate(index, item)])) };
  if (plan.model !== model) throw new Error('The plan is of another resource.');
  const { entity } = model;
  const stateKey = entity.state.kind;
  const db = deps.db;
  const updateIds = [...new Set(plan.items.flatMap((i) => (i.id ? [i.id] : [])))];
  const currents = updateIds.length ? await recordsById(db, model, updateIds, true) : new Map<string, EntityRecord>();
  const outcomes: (SaveOutcome | undefined)[] = new Array(plan.items.length);
  const pending: Pending[] = [];
  const fail = (index: number, status: number, message: string, fieldErrors?: Record<string, string[]>) =>
    (outcomes[index] = { ok: false, error: new HttpError(status, message, fieldErrors) });

  const plannedCreates = plan.creates[Symbol.iterator]();
  plan.items.forEach((item, index) => {
    if (!item.id) {
      pending.push(plannedCreates.next().value!);
      return;
    }
    const data: Record<string, unknown> = { ...item.input };
    if ('modifiedById' in data) delete data.modifiedById;
    const current = currents.get(item.id);
    if (!current) return fail(index, 404, notFound(entity).message);
    const merged = { ...current, ...data };
    if (stateKey in data && !isAllowedStateChange(entity, current[stateKey], data[stateKey])) {
      const message = `Cannot change status from ${String(current[stateKey])} to ${String(data[stateKey])}.`;
      return fail(index, 400, message, { [stateKey]: [message] });
    }
    const problems = ruleProblems(entity, merged);
    if (problems.length) {
      const fieldErrors: Record<string, string[]> = {};
      for (const p of problems) (fieldErrors[p.field] ??= []).push(p.message);
      return fail(index, 400, problems[0]!.message, fieldErrors);
    }
    pending.push({ index, id: item.id, created: false, data, merged, current });
  });

  // Uniqueness: the stored holders of every value the items carry, then the items in order, each claiming its values.
  const claims = pending.map((p) => (p.unique ??= uniqueOf(model, p)));
  const wanted = entity.unique.map((_, n) => slices([...new Set(claims.flatMap((c) => (c[n] ? [c[n].wanted] : [])))], 1));
  /** The stored records holding any of `values` in unique field `u`; sent at once (`then`, not `await`). */
  const probe = (u: UniqueDescriptor, values: readonly string[]): Promise<{ record: EntityRecord }[]> =>
    db
      .execute(
        // One index probe per value (the subquery is kept apart by `offset 0`): a plain `= any(…)` of a thousand
        // values lets the planner scan the whole table with a hashed list, which grows with the table.
        sql`select x.record from unnest(${`{${values.map((v) => `"${v.replace(/(["\\])/g, '\\$1')}"`).join(',')}}`}::text[]) k(v)
             cross join lateral (select ${model.record} as record from ${model.table} t ${model.joins}
                                  where lower((${col(u.field)})::text) = k.v offset 0) x`,
      )
      .then((result) => (result as unknown as { rows: { record: EntityRecord }[] }).rows);
  // Saved ahead of the check (see above): the probes, then the planned INSERTs in a savepoint of their own.
  const ahead = Boolean(options.pipelined && plan.inserts && !updateIds.length && auditsCreatedInSql(model));
  const sent = ahead ? entity.unique.map((u, n) => wanted[n]!.map((part) => probe(u, part))) : [];
  const planned = ahead ? [db.execute(sql`savepoint save_planned`), ...plan.inserts!.map((insert) => db.execute(insert))].map((q) => q.then(() => undefined)) : [];
  for (const q of [...sent.flat(), ...planned]) q.catch(() => undefined);
  const holdersOf: Map<string, { id: string; record: Record<string, unknown> }[]>[] = [];
  try {
    for (const [n, u] of entity.unique.entries()) {
      const holders = new Map<string, { id: string; record: Record<string, unknown> }[]>();
      for (const [i, part] of wanted[n]!.entries()) {
        for (const { record } of await (ahead ? sent[n]![i]! : probe(u, part))) {
          const k = uniqueKey(model, u, record);
          if (k) addTo(holders, k, { id: String(record._id ?? ''), record });
        }
      }
      holdersOf.push(holders);
    }
  } catch (error) {
    await Promise.allSettled(planned);
    throw error;
  }
  const accepted = new Set<Pending>(pending);
  entity.unique.forEach((u, n) => {
    const holders = holdersOf[n]!;
    pending.forEach((p, i) => {
      const k = claims[i]![n]?.key;
      if (k === undefined || !accepted.has(p)) return;
      const holder = holders.get(k)?.find((h) => h.id !== p.id);
      if (holder) {
        const message = uniquenessMessage(u.label, holderName(holder.record, entity));
        fail(p.index, 409, message, { [u.field]: [message] });
        accepted.delete(p);
        return;
      }
      addTo(holders, k, { id: p.id, record: p.merged });
    });
  });

  if (ahead) {
    if (accepted.size === pending.length) {
      for (const p of pending) outcomes[p.index] = { ok: true, created: true, id: p.id };
      const out = outcomes.map((o) => o!);
      options.decided?.(out);
      await Promise.all(planned);
      return out;
    }
    // A stored record or an earlier item holds a value one of them claims: the planned INSERTs are undone, and the
    // accepted creates inserted below.
    await Promise.allSettled(planned);
    await db.execute(sql`rollback to savepoint save_planned`);
  }

  const at = plan.at;
  const creates = pending.filter((p) => p.created && accepted.has(p));
  const updates = pending.filter((p) => !p.created && accepted.has(p));
  const saved = new Map<string, EntityRecord>();
  const keep = (list: readonly { record: EntityRecord }[]) => {
    for (const { record } of list) saved.set(String(record._id), record);
  };
  // The planned INSERTs serve when every create was accepted; otherwise they are built for the accepted ones.
  const inserts = plan.inserts && creates.length === plan.creates.length ? plan.inserts : insertsOf(model, creates, actor, at);
  const createdAudit = auditsCreatedInSql(model);
  for (const insert of inserts) {
    if (createdAudit) await db.execute(insert);
    else keep(await rows<{ record: EntityRecord }>(db, insert));
  }
  const changedOf = (p: Pending) => Object.keys(p.data).filter((name) => name === stateKey || model.fields.has(name)).sort();
  for (const group of groupBy(updates, (p) => changedOf(p).join(',')).values()) {
    const names = changedOf(group[0]!);
    const sets = names.map((name) => sql`${sql.identifier(snake(name))} = v.${sql.identifier(snake(name))}`);
    sets.push(sql`updated_at = ${at}`, sql`modified_by_id = ${actor.id}`);
    for (const part of slices(group, 20)) {
      const json = part.map((p) => rowOf(p, names));
      keep(
        await rows<{ record: EntityRecord }>(
          db,
          sql`with t as (update ${model.table} as t set ${sql.join(sets, sql`, `)}
                from json_populate_recordset(null::${model.table}, ${JSON.stringify(json)}::json) as v where t.id = v.id returning t.*)
              select ${model.values} as record from t`,
        ),
      );
    }
  }

  const keys = auditedKeys(model);
  const audit: Record<string, unknown>[] = [];
  for (const p of [...creates, ...updates].sort((a, b) => a.index - b.index)) {
    outcomes[p.index] = { ok: true, created: p.created, id: p.id };
    if (p.created && createdAudit) continue;
    const record = saved.get(p.id)!;
    let activity: string;
    let changes: Record<string, unknown>;
    if (p.created) {
      activity = `Created ${entity.label.toLowerCase()} ${holderName(record, entity)}`;
      changes = createdChanges(record, keys);
    } else {
      changes = changesBetween(auditView(p.current!, Object.keys(p.data)), auditView(record, Object.keys(p.data)));
      const changed = Object.keys(changes);
      const display = holderName(record, entity);
      activity =
        changed.length === 1 && changed[0] === stateKey ? stateActivity(entity, display, record[stateKey]) : `Updated ${entity.label.toLowerCase()} ${display}`;
    }
    audit.push({ activity, record_id: p.id, changes });
  }
  // What every audit row of the set shares travels once; each row brings its activity, record and changes.
  for (const part of slices(audit, 20)) {
    await db.execute(sql`insert into audit_trails (actor_id, actor_email, activity, resource, record_id, changes, ip_address, reported_by_client, created_at)
        select ${actor.id}::uuid, ${actor.email}::text, a.activity, ${entity.resource}::text, a.record_id, a.changes, ${actor.ip}::text, false, ${at}::timestamptz
          from jsonb_to_recordset(${JSON.stringify(part)}::jsonb) as a(activity text, record_id text, changes jsonb)`);
  }
  return outcomes.map((o) => o!);
}
