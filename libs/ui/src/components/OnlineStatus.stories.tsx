import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { OnlineStatus } from './OnlineStatus.js';

const meta = {
  title: 'Components/OnlineStatus',
  component: OnlineStatus,
  tags: ['autodocs'],
  decorators: [(Story) => <div style={{ background: '#7a1f2e', color: '#fff', padding: 8 }}>{Story()}</div>],
} satisfies Meta<typeof OnlineStatus>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Online: Story = {
  args: { isOnline: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Online');
  },
};

export const Offline: Story = {
  args: { isOnline: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Offline');
  },
};
