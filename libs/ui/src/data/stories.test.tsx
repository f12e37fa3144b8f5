import { composeStories } from '@storybook/react';
import { cleanup } from '@testing-library/react';
import { afterEach, describe, it } from 'vitest';

// Every data component story renders and passes its play function (the stories are the tests).
const modules = import.meta.glob<Record<string, unknown>>('./*.stories.tsx', { eager: true });

afterEach(cleanup);

for (const [path, module] of Object.entries(modules)) {
  const stories: Record<string, { run: () => Promise<void> }> = composeStories(
    module as Parameters<typeof composeStories>[0],
  );
  describe(path.replace(/^\.\//, ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`renders ${name} and passes its play function`, async () => {
        await Story.run();
      });
    }
  });
}
