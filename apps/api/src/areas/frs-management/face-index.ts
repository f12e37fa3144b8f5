import { normalise, type Candidate } from '@campus/domain-frs';

/**
 * The 1:N search: every enrolled embedding, L2-normalised, as one row of a contiguous Float32Array matrix, so a
 * search is one pass of dot products over memory in order. Rows are grouped by person; a person's similarity is
 * their best photo's. Kept current by `replace`/`remove` on every enrolment change (in this process and, through
 * LISTEN/NOTIFY, in the others).
 */
export class FaceIndex {
  private matrix = new Float32Array(0);
  /** Each person's rows are contiguous: person `i` owns rows `starts[i]` to `starts[i + 1]`. */
  private personIds: string[] = [];
  private starts = new Uint32Array(1);
  private readonly byPerson = new Map<string, Float32Array[]>();
  /** Goes up on every change of the matrix: a cached answer for an older version is stale. */
  private changes = 0;

  constructor(readonly dimensions: number) {}

  get size(): number {
    return this.starts[this.personIds.length]!;
  }

  get people(): number {
    return this.byPerson.size;
  }

  /** The matrix's version: it changes whenever an enrolment is added, replaced or removed. */
  get version(): number {
    return this.changes;
  }

  /** Sets a person's embeddings (replacing any they had); an empty list removes them. */
  replace(personId: string, embeddings: readonly ArrayLike<number>[]): void {
    if (embeddings.length === 0) this.byPerson.delete(personId);
    else this.byPerson.set(personId, embeddings.map((e) => this.checked(normalise(e))));
    this.rebuild();
  }

  remove(personId: string): void {
    if (this.byPerson.delete(personId)) this.rebuild();
  }

  /** Loads many people at once (start-up), rebuilding the matrix once. */
  load(entries: Iterable<[string, ArrayLike<number>[]]>): void {
    for (const [personId, embeddings] of entries) this.byPerson.set(personId, embeddings.map((e) => this.checked(normalise(e))));
    this.rebuild();
  }

  /** Each enrolled person's best cosine similarity to the probe (every person, for diagnostics and tests). */
  search(probe: ArrayLike<number>): Candidate[] {
    const q = this.checked(normalise(probe));
    const out: Candidate[] = new Array(this.personIds.length);
    for (let p = 0; p < this.personIds.length; p++) out[p] = { personId: this.personIds[p]!, score: this.personScore(p, q) };
    return out;
  }

  /**
   * The two best people only: what `decideIdentity` looks at, found in the same pass and in the same order as
   * `search`, so `decideIdentity(index.bestTwo(p))` is exactly `decideIdentity(index.search(p))` (same scores, same
   * tie-breaking) without building one answer object per enrolled person.
   */
  bestTwo(probe: ArrayLike<number>): Candidate[] {
    const q = this.checked(normalise(probe));
    let best = -1;
    let bestScore = -Infinity;
    let second = -1;
    let secondScore = -Infinity;
    for (let p = 0; p < this.personIds.length; p++) {
      const score = this.personScore(p, q);
      if (best < 0 || score > bestScore) {
        second = best;
        secondScore = bestScore;
        best = p;
        bestScore = score;
      } else if (second < 0 || score > secondScore) {
        second = p;
        secondScore = score;
      }
    }
    const out: Candidate[] = [];
    if (best >= 0) out.push({ personId: this.personIds[best]!, score: bestScore });
    if (second >= 0) out.push({ personId: this.personIds[second]!, score: secondScore });
    return out;
  }

  /** Person `p`'s best dot product with the normalised probe `q`, over their rows of the matrix. */
  private personScore(p: number, q: Float32Array): number {
    const d = this.dimensions;
    const m = this.matrix;
    let best = -Infinity;
    for (let row = this.starts[p]!, end = this.starts[p + 1]!; row < end; row++) {
      const offset = row * d;
      // Four running sums: fewer dependent additions per step, so the loop runs at memory speed.
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let k = 0;
      for (; k + 3 < d; k += 4) {
        s0 += m[offset + k]! * q[k]!;
        s1 += m[offset + k + 1]! * q[k + 1]!;
        s2 += m[offset + k + 2]! * q[k + 2]!;
        s3 += m[offset + k + 3]! * q[k + 3]!;
      }
      for (; k < d; k++) s0 += m[offset + k]! * q[k]!;
      const dot = s0 + s1 + s2 + s3;
      if (dot > best) best = dot;
    }
    return best;
  }

  private checked(v: Float32Array): Float32Array {
    if (v.length !== this.dimensions) throw new Error(`An embedding has ${v.length} numbers, not ${this.dimensions}.`);
    return v;
  }

  private rebuild(): void {
    let rows = 0;
    for (const list of this.byPerson.values()) rows += list.length;
    const matrix = new Float32Array(rows * this.dimensions);
    const personIds: string[] = [];
    const starts = new Uint32Array(this.byPerson.size + 1);
    let row = 0;
    for (const [personId, list] of this.byPerson) {
      starts[personIds.length] = row;
      personIds.push(personId);
      for (const v of list) matrix.set(v, row++ * this.dimensions);
    }
    starts[personIds.length] = row;
    this.matrix = matrix;
    this.personIds = personIds;
    this.starts = starts;
    this.changes++;
  }
}
