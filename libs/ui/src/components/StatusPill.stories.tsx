import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { StatusPill } from './StatusPill.js';

const meta = {
  title: 'Components/StatusPill',
  component: StatusPill,
  tags: ['autodocs'],
  args: { children: 'Open' },
} satisfies Meta<typeof StatusPill>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Neutral: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Open')).toHaveAttribute('data-tone', 'neutral');
  },
};

/** Every tone, light text on dark and dark text on light where each is used. */
export const Tones: Story = {
  render: () => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <StatusPill tone="neutral">Closed</StatusPill>
      <StatusPill tone="primary">Assigned</StatusPill>
      <StatusPill tone="info">Waiting on requester</StatusPill>
      <StatusPill tone="success">Resolved</StatusPill>
      <StatusPill tone="warning" title="Due within the hour">
        Due soon
      </StatusPill>
      <StatusPill tone="danger">Overdue</StatusPill>
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Overdue')).toHaveAttribute('data-tone', 'danger');
  },
};

export const Phone: Story = { ...Tones, globals: { viewport: { value: 'phone', isRotated: false } } };
