import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Avatar } from './Avatar.js';

const meta = {
  title: 'Components/Avatar',
  component: Avatar,
  tags: ['autodocs'],
  args: { firstName: 'Maria', lastName: 'Santos' },
} satisfies Meta<typeof Avatar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Maria Santos' });
    await expect(avatar).toHaveTextContent('MS');
  },
};

export const Picture: Story = {
  args: {
    src: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="40" height="40"%3E%3Crect width="40" height="40" fill="%237a1f2e"/%3E%3C/svg%3E',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Maria Santos' }).tagName).toBe('IMG');
  },
};

export const Large: Story = { args: { size: 72 } };
