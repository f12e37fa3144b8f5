import type { FrsSettings } from './settings.js';

/** One enrolled person's best similarity to the probe face. */
export interface Candidate {
  readonly personId: string;
  readonly score: number;
}

export type Identification =
  | { readonly status: 'matched'; readonly personId: string; readonly score: number; readonly secondScore: number | null }
  | {
      readonly status: 'unknown';
      readonly reason: 'no-enrolment' | 'below-threshold' | 'ambiguous';
      readonly score: number | null;
      readonly secondScore: number | null;
    };

/**
 * The identification decision: the best person counts only when their similarity reaches the threshold AND is
 * ahead of the second-best person by the margin; otherwise the face is unknown. A stranger always has some
 * closest enrolled person, which is why the closest alone is never enough.
 */
export function decideIdentity(
  candidates: readonly Candidate[],
  settings: Pick<FrsSettings, 'matchThreshold' | 'matchMargin'>,
): Identification {
  let best: Candidate | null = null;
  let second: Candidate | null = null;
  for (const c of candidates) {
    if (!best || c.score > best.score) {
      second = best;
      best = c;
    } else if (!second || c.score > second.score) {
      second = c;
    }
  }
  if (!best) return { status: 'unknown', reason: 'no-enrolment', score: null, secondScore: null };
  const secondScore = second?.score ?? null;
  if (best.score < settings.matchThreshold) {
    return { status: 'unknown', reason: 'below-threshold', score: best.score, secondScore };
  }
  if (secondScore !== null && best.score - secondScore < settings.matchMargin) {
    return { status: 'unknown', reason: 'ambiguous', score: best.score, secondScore };
  }
  return { status: 'matched', personId: best.personId, score: best.score, secondScore };
}

/** The vector scaled to length 1 (a zero vector stays zero). */
export function normalise(vector: ArrayLike<number>): Float32Array {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const scale = sum > 0 ? 1 / Math.sqrt(sum) : 0;
  const out = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i++) out[i] = vector[i]! * scale;
  return out;
}

/** Cosine similarity of two vectors of the same length. */
export function cosineSimilarity(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}
