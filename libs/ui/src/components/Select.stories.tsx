import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Select } from './Select.js';

const options = [
  { value: 'M', label: 'Male' },
  { value: 'F', label: 'Female' },
  { value: 'O', label: 'Other' },
];

const meta = {
  title: 'Components/Select',
  component: Select,
  tags: ['autodocs'],
  args: { label: 'Gender', name: 'gender', options, placeholder: 'Choose…', onChange: fn() },
} satisfies Meta<typeof Select>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Gender' });
    await userEvent.selectOptions(select, 'F');
    await expect(select).toHaveValue('F');
    await expect(args.onChange).toHaveBeenCalledWith('F');
  },
};

export const Invalid: Story = {
  args: { isRequired: true, error: 'Please fillup required fields.' },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: /Gender/ });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Please fillup required fields.');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: 'M' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Gender' })).toBeDisabled();
  },
};
