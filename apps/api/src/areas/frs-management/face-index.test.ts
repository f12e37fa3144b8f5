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

  it('bestTwo gives exactly the decision of the full search, ties and near-ties included', () => {
    const d = 64;
    const index = new FaceIndex(d);
    const people: [string, number[][]][] = Array.from({ length: 300 }, (_, i) => [`p${i}`, Array.from({ length: 1 + (i % 3) }, () => random(d))]);
    // Two people with the same photo (an exact tie) and one nearly the same (a near-tie).
    const twin = random(d);
    people.push(['twin-a', [twin]], ['twin-b', [twin]], ['twin-c', [twin.map((x, k) => (k === 0 ? x + 1e-6 : x))]]);
    index.load(people);
    const probes = [...Array.from({ length: 200 }, () => random(d)), twin, twin.map((x) => x * 3), people[5]![1][0]!];
    const settings = [DEFAULT_FRS_SETTINGS, { matchThreshold: 0, matchMargin: 0 }, { matchThreshold: -1, matchMargin: 0.01 }];
    for (const probe of probes) {
      const full = index.search(probe);
      const two = index.bestTwo(probe);
      for (const s of settings) expect(decideIdentity(two, s)).toEqual(decideIdentity(full, s));
    }
    expect(decideIdentity(index.bestTwo(people[5]![1][0]!), DEFAULT_FRS_SETTINGS)).toMatchObject({ status: 'matched', personId: 'p5' });
  });

  it('bestTwo answers nothing or one person on a small index, and the version moves on every change', () => {
    const index = new FaceIndex(8);
    expect(index.bestTwo(random(8))).toEqual([]);
    const v0 = index.version;
    index.replace('a', [random(8)]);
    expect(index.bestTwo(random(8)).map((c) => c.personId)).toEqual(['a']);
    index.remove('a');
    expect(index.version).toBe(v0 + 2);
  });

  it('refuses an embedding of the wrong length', () => {
    expect(() => new FaceIndex(8).replace('a', [random(7)])).toThrow(/7 numbers/);
  });
});
