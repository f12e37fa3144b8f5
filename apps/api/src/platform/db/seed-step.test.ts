import { describe, expect, it } from 'vitest';
import { areaRandom, orderSeedSteps, type SeedStep } from './seed-step.js';

const step = (after?: string[]): SeedStep => ({ ...(after ? { after } : {}), run: async () => {} });

describe('the order of the areas’ seed steps', () => {
  it('runs each step after those it names, else by folder name', () => {
    const order = orderSeedSteps([
      { area: 'frs-management', step: step(['campus-management']) },
      { area: 'chatbot-management', step: step(['support-management']) },
      { area: 'support-management', step: step() },
      { area: 'campus-management', step: step() },
      { area: 'access-management', step: step() },
    ]).map((s) => s.area);
    expect(order).toEqual(['access-management', 'campus-management', 'support-management', 'chatbot-management', 'frs-management']);
  });

  it('refuses a step that waits for an area without one, and steps that wait for each other', () => {
    expect(() => orderSeedSteps([{ area: 'frs-management', step: step(['pilot-desk']) }])).toThrow(
      'The seed of frs-management runs after pilot-desk, which has no seed step.',
    );
    expect(() =>
      orderSeedSteps([
        { area: 'a', step: step(['b']) },
        { area: 'b', step: step(['a']) },
      ]),
    ).toThrow('The seed steps wait for each other: a → b → a.');
  });

  it('gives each area a random source of its own, the same on every run', () => {
    const first = areaRandom('support-management').uuid();
    expect(areaRandom('support-management').uuid()).toBe(first);
    expect(areaRandom('chatbot-management').uuid()).not.toBe(first);
  });
});
