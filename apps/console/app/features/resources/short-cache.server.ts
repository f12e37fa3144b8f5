/**
 * A small in-memory cache with a time to live, for answers that may be a few seconds old (the choices of a list's
 * filters). Entries are keyed by the caller (include the session token, so users never share answers); the
 * oldest go first when it is full. Each console process has its own, which is fine for data this short-lived.
 */
export function shortCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return async function cached(key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    entries.delete(key);
    entries.set(key, { expires: now + ttlMs, value });
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    // A failed load is not kept.
    value.catch(() => entries.delete(key));
    return value;
  };
}
