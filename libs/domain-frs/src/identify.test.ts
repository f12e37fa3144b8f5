import { describe, expect, it } from 'vitest';
import { cosineSimilarity, decideIdentity, normalise } from './identify.js';
import { DEFAULT_FRS_SETTINGS } from './settings.js';

const settings = { matchThreshold: 0.6, matchMargin: 0.05 };

/** A unit vector at `angle` radians from the first axis, in the plane of the first two axes of 8 dimensions. */
function vector(angle: number): Float32Array {
  const v = new Float32Array(8);
  v[0] = Math.cos(angle);
  v[1] = Math.sin(angle);
  return v;
}

describe('decideIdentity', () => {
  it('names the best person when above the threshold and clearly ahead of the second', () => {
    expect(decideIdentity([{ personId: 'a', score: 0.8 }, { personId: 'b', score: 0.5 }], settings)).toEqual({
      status: 'matched',
      personId: 'a',
      score: 0.8,
      secondScore: 0.5,
    });
  });

  it('answers unknown for a stranger whose closest enrolled person is below the threshold', () => {
    expect(decideIdentity([{ personId: 'a', score: 0.55 }], settings)).toMatchObject({ status: 'unknown', reason: 'below-threshold' });
  });

  it('answers unknown when two people are both close (ahead by less than the margin)', () => {
    expect(decideIdentity([{ personId: 'b', score: 0.7 }, { personId: 'a', score: 0.72 }], settings)).toMatchObject({
      status: 'unknown',
      reason: 'ambiguous',
      score: 0.72,
      secondScore: 0.7,
    });
  });

  it('answers unknown when nobody is enrolled', () => {
    expect(decideIdentity([], settings)).toMatchObject({ status: 'unknown', reason: 'no-enrolment' });
  });

  it('decides on synthetic embeddings by their cosine similarity', () => {
    const enrolled = { a: vector(0), b: vector(Math.PI / 2) };
    const probe = (angle: number) =>
      decideIdentity(
        Object.entries(enrolled).map(([personId, v]) => ({ personId, score: cosineSimilarity(v, vector(angle)) })),
        DEFAULT_FRS_SETTINGS,
      );
    expect(probe(0.2)).toMatchObject({ status: 'matched', personId: 'a' }); // cos 0.98 vs 0.20
    expect(probe(Math.PI / 2 - 0.3)).toMatchObject({ status: 'matched', personId: 'b' });
    expect(probe(Math.PI / 4)).toMatchObject({ status: 'unknown', reason: 'ambiguous' }); // 0.707 each
    expect(probe(Math.PI)).toMatchObject({ status: 'unknown', reason: 'below-threshold' });
  });

  it('is symmetric in the order of the candidates', () => {
    for (let i = 0; i < 200; i++) {
      const list = Array.from({ length: 5 }, (_, k) => ({ personId: `p${k}`, score: Math.random() }));
      const reversed = [...list].reverse();
      expect(decideIdentity(list, settings)).toEqual(decideIdentity(reversed, settings));
    }
  });
});

describe('normalise', () => {
  it('scales to unit length so a dot product is the cosine', () => {
    const n = normalise([3, 4]);
    expect(n[0]).toBeCloseTo(0.6);
    expect(n[1]).toBeCloseTo(0.8);
    expect(cosineSimilarity([3, 4], [6, 8])).toBeCloseTo(1);
    expect(Array.from(normalise([0, 0]))).toEqual([0, 0]);
  });
});
