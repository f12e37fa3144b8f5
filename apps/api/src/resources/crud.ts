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
import { rows, type Db } from '../platform/db/client.js';
import { snake, tableNameOf } from '../platform/db/table-for.js';
import { HttpError } from '../platform/http/errors.js';
import { bindValue, col, isTextField, type EntityModel, arrayTypeOf } from './model.js';

export { COUNT_ESTIMATE_THRESHOLD, listPage, type ListDatabase } from './list.js';

export type EntityRecord = Record<string, unknown> & { _id: string };

/** Special behaviour an entity adds to the generic handler (e.g. users: password hash, privilege rules). */
export interface ResourceHooks {
  /** Checks a create input and returns extra columns to write; may remove write-only fields from `data`. */
  beforeCreate?(tx: Db, data: Record<string, unknown>, actor: ActorContext): Promise<Record<string, unknown>>;
  /** Checks an update against the current record. */
  beforeUpdate?(tx: Db, current: EntityRecord, changes: Record<string, unknown>, actor: ActorContext): Promise<void>;
  afterUpdate?(tx: Db, before: EntityRecord, after: EntityRecord, actor: ActorContext): Promise<void>;
  /** Runs after the insert and its audit row, in the same transaction (e.g. work that follows from the record). */
  afterCreate?(tx: Db, record: EntityRecord, actor: ActorContext): Promise<void>;
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

/** The name a uniqueness message gives the holder: the display field, else name, description or code. */
function holderName(record: Record<string, unknown>, entity: AnyEntity): string {
  for (const key of [entity.displayField, 'name', 'description', 'code']) {
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

/** The friendly pre-check of spec §5: 409 `Code is existing in {holder}.` / `Name is existing in {holder}.` */
async function checkUnique(db: Db, model: EntityModel, data: Record<string, unknown>, selfId: string | null, only?: Set<string>) {
  for (const u of model.entity.unique) {
    if (only && ![u.field, ...(u.scope ?? [])].some((f) => only.has(f))) continue;
    const holder = await uniqueHolder(db, model, u, data, selfId);
    if (holder) {
      throw new HttpError(409, uniquenessMessage(u.label, holderName(holder, model.entity)), {
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
    try {
      await checkUnique(deps.db, model, data, selfId);
    } catch (conflict) {
      if (conflict instanceof HttpError) return conflict;
    }
    return new HttpError(409, `This ${model.entity.label.toLowerCase()} clashes with an existing one.`);
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
      await checkUnique(tx, model, data, null);
      const values: [string, SQL][] = [];
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
      const keys = [...model.fields.keys(), entity.state.kind];
      await writeAudit(
        tx,
        {
          actor,
          activity: `Created ${entity.label.toLowerCase()} ${holderName(record, entity)}`,
          resource: entity.resource,
          recordId: record._id,
          changes: changesBetween({}, auditView(record, keys)),
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
      await deps.hooks?.beforeUpdate?.(tx, current, changes, actor);
      await checkReferences(tx, model, changes, deps.byResource);
      await checkUnique(tx, model, merged, id, new Set(Object.keys(changes)));
      const sets: SQL[] = [];
      for (const [name, value] of Object.entries(changes)) {
        if (name === stateKey) sets.push(sql`${sql.identifier(snake(name))} = ${value}`);
        else if (model.fields.has(name)) sets.push(sql`${sql.identifier(snake(name))} = ${bindValue(model.fields.get(name), value)}`);
      }
      sets.push(sql`updated_at = ${actor.now.toISOString()}`, sql`modified_by_id = ${actor.id}`);
      await tx.execute(sql`update ${model.table} set ${sql.join(sets, sql`, `)} where id = ${id}`);
      const after = (await getRecord(tx, model, id))!;
      const diff = changesBetween(auditView(current, Object.keys(changes)), auditView(after, Object.keys(changes)));
      const changed = Object.keys(diff);
      const display = holderName(after, entity);
      const activity =
        changed.length === 1 && changed[0] === stateKey
          ? stateActivity(entity, display, after[stateKey])
          : `Updated ${entity.label.toLowerCase()} ${display}`;
      await writeAudit(tx, { actor, activity, resource: entity.resource, recordId: id, changes: diff }, actor.now);
      await deps.hooks?.afterUpdate?.(tx, current, after, actor);
      return after;
    });
  } catch (error) {
    throw await asConflict(deps, model, merged, id, error);
  }
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
