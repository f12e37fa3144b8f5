import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The API's one cache module: everything the API remembers between requests is kept here, and each kind stays
 * correct when other writers share the database (other API processes on PostgreSQL, the job engine, imports).
 *
 * - **Checked entries** (`checkedCache`): an entry carries the `list_versions` value of its table at the time it
 *   was read. The caller's next statement reports the table's current version in the same snapshot as the data it
 *   reads, and an entry whose version differs is dropped and read afresh. Correct with any number of processes;
 *   used on both databases (list page ids, search matches, deep-page anchors).
 * - **Answers** (`answerCache`): a whole answer remembered with the change counters of the tables it was read from,
 *   served again only while those counters are unchanged. Where the counters come from depends on the database:
 *   - embedded (`NoticeCounters`): counted from the `table_changed` notices the tables' triggers send (migration
 *     0004). One process, whose notices arrive before the writing call returns, so nothing is asked of the database.
 *   - PostgreSQL (`VersionTable`): read from `list_versions`, which the same triggers raise in the writing
 *     transaction, so a write is seen by every process as soon as it commits — no notice to wait for. One small
 *     statement reads every table's counter; within one request (`inRequestScope`) it is read once and shared by
 *     every answer the request looks up, until the request itself writes (`forgetVersions`).
 *
 * Each call site names its cache and bounds it (entries or characters); the least recently used go first.
 */

/** What a database offers the cache: the change counters of its tracked tables. */
export interface TableChanges {
  /**
   * The change counters of `tables` as one text, or `undefined` when an answer read from them cannot be remembered
   * (a table without the `list_version` trigger). Taken before an answer is read, so a write that lands while it is
   * read makes it stale.
   */
  stamp(tables: readonly string[]): string | undefined | Promise<string | undefined>;
}

/** Counters kept from `table_changed` notices. */
export class NoticeCounters implements TableChanges {
  private readonly counters = new Map<string, number>();
  constructor(private readonly tracked: ReadonlySet<string>) {}

  /** Call on every notice (its payload is the table name). */
  changed(table: string): void {
    this.counters.set(table, (this.counters.get(table) ?? 0) + 1);
  }

  stamp(tables: readonly string[]): string | undefined {
    let text = '';
    for (const table of tables) {
      if (!this.tracked.has(table)) return undefined;
      text += `${this.counters.get(table) ?? 0},`;
    }
    return text;
  }
}

/** What one request has read of the tables' counters (PostgreSQL); dropped when the request writes. */
interface RequestVersions {
  versions?: Promise<ReadonlyMap<string, string>> | undefined;
}

const requestVersions = new AsyncLocalStorage<RequestVersions>();

/** Runs `work` as one request: the tables' counters are read at most once in it until it writes. */
export function inRequestScope<T>(work: () => T): T {
  return requestVersions.run({}, work);
}

/**
 * Forgets the counters the current request has read: called after every statement that wrote (by what the driver
 * reports it did, `db/writes.ts`) and around every transaction, so an answer the request looks up after its own
 * write is checked against counters read after that write.
 */
export function forgetVersions(): void {
  const scope = requestVersions.getStore();
  if (scope) scope.versions = undefined;
}

/**
 * Counters read from the `list_versions` table (PostgreSQL): `readAll` answers every row as `name=version` pairs
 * joined by commas, in one statement. Outside a request each stamp reads them afresh.
 */
export class VersionTable implements TableChanges {
  /** How many times the counters were read from the database (for tests and benchmarks). */
  reads = 0;
  constructor(
    private readonly tracked: ReadonlySet<string>,
    private readonly readAll: () => Promise<string>,
  ) {}

  stamp(tables: readonly string[]): Promise<string | undefined> | undefined {
    for (const table of tables) if (!this.tracked.has(table)) return undefined;
    const scope = requestVersions.getStore();
    let versions = scope?.versions;
    if (!versions) {
      this.reads += 1;
      versions = this.readAll().then(parseVersions);
      if (scope) {
        scope.versions = versions;
        // A failed read is not kept for the rest of the request.
        versions.catch(() => {
          if (scope.versions === versions) scope.versions = undefined;
        });
      }
    }
    return versions.then((known) => tables.map((table) => known.get(table) ?? '0').join(',') + ',');
  }
}

function parseVersions(text: string): ReadonlyMap<string, string> {
  const known = new Map<string, string>();
  for (const pair of text.split(',')) {
    const at = pair.lastIndexOf('=');
    if (at > 0) known.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return known;
}

/** A map that forgets its least recently used entries beyond a bound on entries and on their total weight. */
export class LruMap<K, V> {
  private readonly entries = new Map<K, { value: V; weight: number }>();
  private weight = 0;
  constructor(
    private readonly maxEntries: number,
    private readonly maxWeight = Number.POSITIVE_INFINITY,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get(key: K): V | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found); // most recently used last
    return found.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    this.entries.set(key, { value, weight });
    this.weight += weight;
    while ((this.entries.size > this.maxEntries || this.weight > this.maxWeight) && this.entries.size > 1) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.weight -= entry.weight;
    }
  }

  delete(key: K): void {
    const found = this.entries.get(key);
    if (!found) return;
    this.entries.delete(key);
    this.weight -= found.weight;
  }

  get size(): number {
    return this.entries.size;
  }
}

export interface CacheOptions<V> {
  /** What the cache is for (shown in errors and in the README's table of caches). */
  readonly name: string;
  readonly maxEntries: number;
  /** A bound on the total weight of the entries (e.g. characters of text answers). */
  readonly maxWeight?: number;
  readonly weigh?: (value: V) => number;
}

/** Every cache made, by name: one name, one cache. */
const registered = new Set<string>();

function register(name: string): void {
  if (registered.has(name)) throw new Error(`A cache named ${name} exists already.`);
  registered.add(name);
}

/** Names of the caches made so far (for the README's table and for tests). */
export function cacheNames(): string[] {
  return [...registered].sort();
}

/**
 * Entries checked by the caller against the table's version (see the module comment), one bounded map per
 * database. `scope` is any object that stands for the database (its handle).
 */
export function checkedCache<V extends { readonly version: string }>(options: CacheOptions<V>) {
  register(options.name);
  const byScope = new WeakMap<object, LruMap<string, V>>();
  const mapOf = (scope: object) => {
    let map = byScope.get(scope);
    if (!map) byScope.set(scope, (map = new LruMap(options.maxEntries, options.maxWeight, options.weigh)));
    return map;
  };
  return {
    get: (scope: object, key: string) => mapOf(scope).get(key),
    set: (scope: object, key: string, value: V) => mapOf(scope).set(key, value),
    delete: (scope: object, key: string) => mapOf(scope).delete(key),
  };
}

/** The answer caches' maps, so that `forgetAnswers` reaches them all. */
const answerMaps: WeakMap<object, unknown>[] = [];

/**
 * Forgets every whole answer remembered for a database in this process (the checked entries stay: they check
 * themselves). Tests use it to look at the layer beneath the answers.
 */
export function forgetAnswers(database: object): void {
  for (const map of answerMaps) map.delete(database);
}

/**
 * Whole answers remembered with the change counters of the tables they were read from (see the module comment).
 * `read` takes the counters before loading, so a write that lands while the answer is read makes it stale.
 */
export function answerCache<V>(options: CacheOptions<V>) {
  register(options.name);
  const byScope = new WeakMap<object, LruMap<string, { stamp: string; value: V }>>();
  answerMaps.push(byScope);
  return async function read(
    database: { readonly tableChanges?: TableChanges | undefined },
    key: string,
    tables: readonly string[],
    load: () => Promise<V>,
  ): Promise<V> {
    const stamp = await database.tableChanges?.stamp(tables);
    if (stamp === undefined) return load();
    let map = byScope.get(database);
    if (!map) {
      const weigh = options.weigh;
      byScope.set(database, (map = new LruMap(options.maxEntries, options.maxWeight, weigh ? (e) => weigh(e.value) : undefined)));
    }
    const known = map.get(key);
    if (known && known.stamp === stamp) return known.value;
    const value = await load();
    map.set(key, { stamp, value });
    return value;
  };
}

/**
 * Facts about a database's schema that do not change while it is open (e.g. which tables carry the version
 * trigger), worked out once per database and key. A failed lookup is not remembered.
 */
export function schemaFacts<V>(name: string) {
  register(name);
  const byScope = new WeakMap<object, Map<string, Promise<V>>>();
  return function fact(scope: object, key: string, load: () => Promise<V>): Promise<V> {
    let map = byScope.get(scope);
    if (!map) byScope.set(scope, (map = new Map()));
    let found = map.get(key);
    if (!found) {
      found = load();
      map.set(key, found);
      found.catch(() => map.delete(key));
    }
    return found;
  };
}

/**
 * Facts read from the data that may drift slowly and are only ever used as estimates (e.g. a sample of a table's
 * rows), per database and key. `peek` answers what is known without waiting: nothing the first time (the fact is
 * then read in the background), and the known value afterwards, read again in the background once it is older
 * than `maxAgeMs`. A failed reading is forgotten, so the next call tries again.
 */
export function agingFacts<V>(name: string, maxAgeMs: number) {
  register(name);
  const byScope = new WeakMap<object, Map<string, { at: number; value?: V; reading?: Promise<void> }>>();
  return function peek(scope: object, key: string, load: () => Promise<V>): V | undefined {
    let map = byScope.get(scope);
    if (!map) byScope.set(scope, (map = new Map()));
    const known = map.get(key) ?? { at: 0 };
    map.set(key, known);
    if (!known.reading && Date.now() - known.at > maxAgeMs) {
      known.reading = load().then(
        (value) => {
          known.value = value;
          known.at = Date.now();
        },
        () => undefined,
      ).finally(() => {
        known.reading = undefined;
      });
    }
    return known.value;
  };
}
