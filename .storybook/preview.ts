import type { Preview } from '@storybook/react-vite';
// The design tokens and component styles of libs/ui, from source so Storybook needs no CSS build step.
import '../libs/ui/src/styles.css';
import { MINIMAL_VIEWPORTS } from 'storybook/viewport';

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { expanded: true },
    // Stories at phone width use `globals: { viewport: { value: 'phone' } }` (the width the console is checked at).
    viewport: {
      options: {
        ...MINIMAL_VIEWPORTS,
        phone: { name: 'Phone (390 × 844)', styles: { width: '390px', height: '844px' }, type: 'mobile' },
      },
    },
    options: {
      storySort: {
        order: ['Introduction', 'Libraries', ['Formatters', 'Coded values'], 'Components', 'Layouts'],
      },
    },
  },
};

export default preview;
