import type { Preview } from '@storybook/react-vite';
// The design tokens and component styles of libs/ui, from source so Storybook needs no CSS build step.
import '../libs/ui/src/styles.css';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    options: {
      storySort: {
        order: ['Introduction', 'Libraries', ['Formatters', 'Coded values'], 'Components', 'Layouts'],
      },
    },
  },
};

export default preview;
