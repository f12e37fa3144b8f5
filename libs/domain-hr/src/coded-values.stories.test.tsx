// @vitest-environment jsdom
import { composeStories } from '@storybook/react-vite';
import { afterEach, beforeEach, describe, it } from 'vitest';
import * as stories from './coded-values.stories.js';

// The documentation's live examples are tests too: each story renders and passes its play function.
let canvasElement: HTMLElement;
beforeEach(() => {
  canvasElement = document.body.appendChild(document.createElement('div'));
});
afterEach(() => canvasElement.remove());

describe('coded-values.stories', () => {
  it.each(Object.entries(composeStories(stories)))(
    'renders %s and passes its play function',
    async (_name, Story) => {
      await Story.run({ canvasElement });
    },
  );
});
