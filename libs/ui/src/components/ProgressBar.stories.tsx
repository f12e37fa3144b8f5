import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { deliverySegments, ProgressBar } from './ProgressBar.js';

const meta = {
  title: 'Components/ProgressBar',
  component: ProgressBar,
  tags: ['autodocs'],
  args: {
    label: 'Delivery',
    total: 6000,
    segments: deliverySegments({ sent: 4210, skipped: 312, failed: 58 }),
  },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Sent, skipped and failed as segments of one full-width bar; the counts are text too. */
export const Delivery: Story = {
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Delivery' });
    await expect(bar).toHaveAttribute('aria-valuenow', '4580');
    await expect(bar).toHaveAttribute('aria-valuemax', '6000');
    await expect(bar).toHaveAttribute(
      'aria-valuetext',
      '4,580 of 6,000 done: 4,210 sent, 312 skipped, 58 failed',
    );
    await expect(within(canvasElement).getByText('58 failed')).toBeVisible();
  },
};

export const Finished: Story = {
  args: { total: 3, segments: deliverySegments({ sent: 2, skipped: 1, failed: 0 }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/3 of 3 done/)).toBeVisible();
  },
};

export const NotStarted: Story = {
  args: { total: 250, segments: deliverySegments({ sent: 0, skipped: 0, failed: 0 }) },
};

/** One value, no outcomes (a batch job's rows). */
export const Simple: Story = {
  args: { label: 'Rows processed', total: 1200, value: 300, segments: undefined, doneWord: 'processed' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      '300 of 1,200 processed',
    );
  },
};

export const Phone: Story = { ...Delivery, globals: { viewport: { value: 'phone', isRotated: false } } };
