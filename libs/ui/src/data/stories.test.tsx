import { composeStories } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../axe.js';

// Every data component story renders, passes its play function, and axe finds no serious violation after it.
const modules = import.meta.glob<Record<string, unknown>>('./*.stories.tsx', { eager: true });

afterEach(cleanup);

for (const [path, module] of Object.entries(modules)) {
  const stories: Record<string, { run: () => Promise<void> }> = composeStories(
    module as Parameters<typeof composeStories>[0],
  );
  describe(path.replace(/^\.\//, ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`renders ${name}, passes its play function and axe`, async () => {
        await Story.run();
        expect(await seriousViolations()).toEqual([]);
      });
    }
  });
}
