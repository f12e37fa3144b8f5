import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { ButtonLink } from './Button.js';
import { EmptyState } from './EmptyState.js';

const meta = {
  title: 'Components/EmptyState',
  component: EmptyState,
  tags: ['autodocs'],
  args: {
    title: 'No tickets in this queue',
    description: 'New requests from the public support form and email land here.',
  },
} satisfies Meta<typeof EmptyState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('heading', { level: 2, name: 'No tickets in this queue' }),
    ).toBeVisible();
  },
};

export const WithAction: Story = {
  args: {
    title: 'No broadcasts yet',
    description: 'Write a message and choose who receives it.',
    icon: 'chat',
    action: <ButtonLink href="#new">New broadcast</ButtonLink>,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'New broadcast' })).toHaveAttribute(
      'href',
      '#new',
    );
  },
};

export const Phone: Story = { ...WithAction, globals: { viewport: { value: 'phone', isRotated: false } } };
