import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { TextField } from './TextField.js';

const meta = {
  title: 'Components/TextField',
  component: TextField,
  tags: ['autodocs'],
  args: { label: 'Email', name: 'email', type: 'email' },
} satisfies Meta<typeof TextField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  args: { description: 'Your university email address.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'admin@example.edu');
    await expect(input).toHaveValue('admin@example.edu');
    await expect(input).toHaveAttribute('name', 'email');
    await expect(input).toHaveAccessibleDescription('Your university email address.');
  },
};

export const Required: Story = {
  args: { isRequired: true },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-required', 'true');
    // Server-side validation decides: the browser must not block a plain form post.
    await expect(input).not.toHaveAttribute('required');
  },
};

export const Invalid: Story = {
  args: { isRequired: true, error: 'Please fillup required fields.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('textbox', { name: 'Email' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please fillup required fields.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'registrar@example.edu' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Email' })).toBeDisabled();
  },
};
