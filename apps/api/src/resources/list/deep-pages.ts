/**
 * Deep pages of an unfiltered list: every `ANCHOR_STEP`-th position of each order is remembered (per database and
 * table version), and a deep page walks the sort index from the nearest one instead of skipping every row before it.
 */
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.js';
import { scalarSqlType } from '../../platform/db/table-for.js';
import { checkedCache } from '../../platform/cache.js';
import { col, type EntityModel } from '../model.js';
import { COUNT_ESTIMATE_THRESHOLD, compiled, isTracked, versionOf, versionText, type IdsRow } from './statements.js';
import { keyText, type Sort } from './where.js';

/**
 * Every `ANCHOR_STEP`-th position of an unfiltered sort order is remembered (its sort key and id), so a deep page
 * starts from the nearest remembered position at or before it and walks at most this many index entries.
 */
export const ANCHOR_STEP = 1_000;

/**
 * The SQL type of a sort key when it can never be null (a deep page compares `(key, id)` with a remembered
 * position, which a null would break); `undefined` otherwise.
 */
export function sortKeyType(model: EntityModel, field: string): string | undefined {
  if (field === '_id') return 'uuid';
  if (field === 'createdAt' || field === 'updatedAt') return 'timestamptz';
  const f = model.fields.get(field);
  if (!f) return undefined;
  if (f.kind === 'boolean') return 'boolean';
  return f.required ? scalarSqlType(f) : undefined;
}

/** Remembered positions of one sort order, valid while the table's `list_versions` row says `version`. */
interface Anchors {
  readonly version: string;
  /** `keys[i]`, `ids[i]`: the sort key (as text) and id at position `(i + 1) * ANCHOR_STEP - 1`. */
  readonly keys: string[];
  readonly ids: string[];
}

/** Per database, per table and order: the anchors being read or read, or `null` where the table has no trigger. */
const anchorsCache = checkedCache<{ readonly version: string; readonly anchors: Promise<Anchors | null> }>({
  name: 'list anchors',
  maxEntries: 1_000,
});

async function readAnchors(db: Db, model: EntityModel, sort: Sort): Promise<Anchors | null> {
  if (!(await isTracked(db, model))) return null;
  const { order } = compiled(model, sort);
  const key = keyText(sort.field);
  // One statement, so the version and the positions come from the same snapshot.
  const [row] = await rows<{ version: string; keys: string[] | null; ids: string[] | null }>(
    db,
    sql.raw(`select v.version, array_agg(x.k order by x.rn) as keys, array_agg(x.id order by x.rn) as ids
               from (select ${versionText(model)} as version) v
               left join (select ${key}::text as k, t.id::text as id, row_number() over (order by ${order}) as rn
                            from "${model.tableName}" t) x on x.rn % ${ANCHOR_STEP} = 0
              group by v.version`),
  );
  if (!row) return null;
  return { version: String(row.version), keys: (row.keys ?? []).filter((k) => k !== null), ids: (row.ids ?? []).filter((i) => i !== null) };
}

function anchorsFor(db: Db, model: EntityModel, sort: Sort, stale?: Promise<Anchors | null>): Promise<Anchors | null> {
  const key = `${model.tableName} ${sort.field} ${sort.direction}`;
  let found = anchorsCache.get(db, key)?.anchors;
  // Only one reading at a time: the first request to see a stale set replaces it, later ones share the new one.
  // (The entry's version is checked by `deepPageIds` against the statement that uses it.)
  if (!found || found === stale) {
    found = readAnchors(db, model, sort);
    anchorsCache.set(db, key, { version: '', anchors: found });
    found.catch(() => anchorsCache.delete(db, key));
  }
  return found;
}

/**
 * A deep unfiltered page from the nearest remembered position: `(key, id) > (anchor)` walks the sort index from
 * there. `undefined` when the table changed since the anchors were read (twice) or cannot use them.
 */
export async function deepPageIds(db: Db, model: EntityModel, sort: Sort, limit: number, offset: number): Promise<IdsRow | undefined> {
  const type = sortKeyType(model, sort.field);
  if (!type || offset < ANCHOR_STEP) return undefined;
  const c = compiled(model, sort);
  const comparison = sort.direction === 'asc' ? sql.raw('>') : sql.raw('<');
  let anchorsPromise = anchorsFor(db, model, sort);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const anchors = await anchorsPromise;
    if (!anchors) return undefined;
    const index = Math.min(Math.floor(offset / ANCHOR_STEP), anchors.keys.length) - 1;
    if (index < 0) return undefined;
    const rest = offset - (index + 1) * ANCHOR_STEP;
    const [row] = await rows<IdsRow>(
      db,
      sql`select ${versionOf(model)} as version, ${sql.raw(c.count)} as count, e.n >= ${sql.raw(String(COUNT_ESTIMATE_THRESHOLD))} as estimated,
                 (select array_agg(p.id)::text from (
                    select t.id from ${model.table} t
                     where (${col(sort.field)}, t.id) ${comparison} (${anchors.keys[index]}::${sql.raw(type)}, ${anchors.ids[index]}::uuid)
                     order by ${sql.raw(c.order)} limit ${limit} offset ${rest}) p) as ids
            from ${sql.raw(c.estimate)}`,
    );
    if (row && String(row.version) === anchors.version) return row;
    anchorsPromise = anchorsFor(db, model, sort, anchorsPromise);
  }
  return undefined;
}
