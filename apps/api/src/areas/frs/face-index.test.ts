import { describe, expect, it } from 'vitest';
import { cosineSimilarity, decideIdentity, DEFAULT_FRS_SETTINGS } from '@campus/domain-frs';
import { FaceIndex } from './face-index.js';

const random = (d: number) => Array.from({ length: d }, () => Math.random() * 2 - 1);

describe('FaceIndex', () => {
  it("scores each person by their best photo's cosine similarity, like a plain loop", () => {
    const index = new FaceIndex(32);
    const people = { a: [random(32), random(32)], b: [random(32)], c: [random(32), random(32), random(32)] };
    index.load(Object.entries(people));
    const probe = random(32);
    const expected = Object.entries(people).map(([personId, list]) => ({ personId, score: Math.max(...list.map((v) => cosineSimilarity(v, probe))) }));
    const found = index.search(probe);
    expect(found.map((c) => c.personId).sort()).toEqual(['a', 'b', 'c']);
    for (const e of expected) expect(found.find((c) => c.personId === e.personId)!.score).toBeCloseTo(e.score, 5);
    expect(index.size).toBe(6);
  });

  it('replaces and removes a person', () => {
    const index = new FaceIndex(8);
    const v = random(8);
    index.replace('a', [random(8)]);
    index.replace('b', [v]);
    index.replace('a', [v.map((x) => -x)]);
    expect(decideIdentity(index.search(v), DEFAULT_FRS_SETTINGS)).toMatchObject({ status: 'matched', personId: 'b' });
    index.remove('b');
    expect(index.search(v).map((c) => c.personId)).toEqual(['a']);
    expect(decideIdentity(index.search(v), DEFAULT_FRS_SETTINGS)).toMatchObject({ status: 'unknown' });
    index.replace('a', []);
    expect(index.size).toBe(0);
  });

  it('refuses an embedding of the wrong length', () => {
    expect(() => new FaceIndex(8).replace('a', [random(7)])).toThrow(/7 numbers/);
  });
});
