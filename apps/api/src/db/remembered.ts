import type { Database } from './client.js';

/**
 * Reads remembered with the write generation they were read at (`Database.writeGeneration`: the embedded database
 * only). A remembered value is used while the generation is still the one taken before it was read, so any write
 * since makes it stale; on PostgreSQL every call reads. At most `maxEntries` per database (then it starts afresh).
 */
export function rememberedReads<T>(maxEntries: number) {
  const byDatabase = new WeakMap<object, Map<string, { generation: number; value: T }>>();
  return async function read(
    database: Pick<Database, 'writeGeneration'>,
    key: string,
    load: () => Promise<T>,
  ): Promise<T> {
    const generation = database.writeGeneration();
    if (generation === undefined) return load();
    let known = byDatabase.get(database);
    if (!known) byDatabase.set(database, (known = new Map()));
    const hit = known.get(key);
    if (hit && hit.generation === generation) return hit.value;
    const value = await load();
    if (known.size >= maxEntries) known.clear();
    known.set(key, { generation, value });
    return value;
  };
}
