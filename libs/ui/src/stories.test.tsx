import { composeStories } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { clearAllMocks } from 'storybook/test';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.js';

// Every component and layout story renders, passes its play function, and axe finds no serious violation after it.
const modules = import.meta.glob<Record<string, unknown>>(['./components/*.stories.tsx', './layouts/*.stories.tsx'], {
  eager: true,
});

afterEach(() => {
  cleanup();
  // `fn()` spies in meta args are shared by a file's stories; each story starts with fresh call records.
  clearAllMocks();
});

for (const [path, module] of Object.entries(modules)) {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]) as Record<string, { run: () => Promise<void> }>;
  describe(path.replace(/^\.\//, ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`renders ${name}, passes its play function and axe`, async () => {
        await Story.run();
        expect(await seriousViolations()).toEqual([]);
      });
    }
  });
}
