import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { Checkbox } from './Checkbox.js';

const meta = {
  title: 'Components/Checkbox',
  component: Checkbox,
  tags: ['autodocs'],
  args: { children: 'Campus Management', name: 'adminScopes', value: 'CAMPUS' },
} satisfies Meta<typeof Checkbox>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox', { name: 'Campus Management' });
    await userEvent.click(box);
    await expect(box).toBeChecked();
    await expect(box).toHaveAttribute('value', 'CAMPUS');
  },
};

export const Invalid: Story = {
  args: { isInvalid: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultSelected: true },
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('checkbox');
    await expect(box).toBeDisabled();
    await expect(box).toBeChecked();
  },
};
