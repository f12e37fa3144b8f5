import { describe, expect, it } from 'vitest';
import { shortCache } from './short-cache.server';

describe('shortCache', () => {
  it('answers from memory until the time to live is over', async () => {
    const cached = shortCache<number>(1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached('k', load, 0)).toBe(1);
    expect(await cached('k', load, 999)).toBe(1);
    expect(await cached('k', load, 1000)).toBe(2);
    expect(await cached('other', load, 1000)).toBe(3);
  });

  it('forgets the oldest entry when full and never keeps a failure', async () => {
    const cached = shortCache<string>(1000, 2);
    let loads = 0;
    const load = async () => `v${++loads}`;
    await cached('a', load, 0);
    await cached('b', load, 0);
    await cached('c', load, 0);
    expect(await cached('a', load, 0)).toBe('v4');
    await expect(cached('x', () => Promise.reject(new Error('down')), 0)).rejects.toThrow('down');
    expect(await cached('x', load, 0)).toBe('v5');
  });
});
