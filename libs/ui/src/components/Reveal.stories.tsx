import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Reveal } from './Reveal.js';

const meta = {
  title: 'Components/Reveal',
  component: Reveal,
  tags: ['autodocs'],
  args: {
    children: (
      <section aria-labelledby="reveal-title" className="cas-panel">
        <h2 id="reveal-title">Campus announcements</h2>
        <p>Enrolment for the second semester opens on 3 August.</p>
      </section>
    ),
  },
} satisfies Meta<typeof Reveal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Content already in view is shown as it is: nothing waits for a scroll. */
export const InView: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading', { name: 'Campus announcements' })).toBeVisible();
    await expect(canvasElement.querySelector('.cas-reveal')).not.toHaveAttribute('data-reveal');
  },
};

/** Below the fold on a wide screen it fades in (600 ms, once) when it scrolls into view. */
export const BelowTheFold: Story = {
  decorators: [
    (Story) => (
      <div>
        <p style={{ height: '120vh' }}>Scroll down: the panel below fades in the first time it comes into view.</p>
        <Story />
      </div>
    ),
  ],
};

/** Under 640 px nothing is animated. */
export const Phone: Story = { ...InView, globals: { viewport: { value: 'phone', isRotated: false } } };
