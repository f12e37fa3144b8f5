/** How a file's header was matched to a column: `exact`, `loose` (case, spaces, underscores), `fuzzy`, or chosen. */
export type MatchKind = 'exact' | 'loose' | 'fuzzy' | 'chosen';

export interface ColumnMatch {
  readonly header: string;
  /** The import column it fills, or null when the header is ignored. */
  readonly column: string | null;
  readonly kind: MatchKind | null;
}

const loose = (s: string) => s.toLowerCase().replace(/[\s_\-.]+/g, '');

/** Edit distance (insertions, deletions, substitutions) between two short strings. */
export function editDistance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0]!;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const up = prev[j]!;
      prev[j] = Math.min(prev[j]! + 1, prev[j - 1]! + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = up;
    }
  }
  return prev[b.length]!;
}

/**
 * Matches a file's headers to the import's columns: first exact names, then names equal once case, spaces and
 * underscores are ignored, then the closest name within a small edit distance (a third of its length, at most
 * 3). Each column is filled at most once; a header with no match is ignored (and shown as such).
 */
export function matchColumns(headers: readonly string[], columns: readonly string[]): ColumnMatch[] {
  const taken = new Set<string>();
  const result: (ColumnMatch | undefined)[] = headers.map(() => undefined);
  const pass = (kind: MatchKind, find: (header: string) => string | undefined) => {
    headers.forEach((header, i) => {
      if (result[i]) return;
      const column = find(header.trim());
      if (column && !taken.has(column)) {
        taken.add(column);
        result[i] = { header, column, kind };
      }
    });
  };
  pass('exact', (h) => columns.find((c) => c === h));
  pass('loose', (h) => columns.find((c) => loose(c) === loose(h)));
  pass('fuzzy', (h) => {
    const l = loose(h);
    if (l.length < 3) return undefined;
    let best: { column: string; d: number } | undefined;
    for (const c of columns) {
      if (taken.has(c)) continue;
      const d = editDistance(l, loose(c));
      const limit = Math.min(3, Math.floor(Math.max(l.length, loose(c).length) / 3));
      if (d <= limit && (!best || d < best.d)) best = { column: c, d };
    }
    return best?.column;
  });
  return headers.map((header, i) => result[i] ?? { header, column: null, kind: null });
}
