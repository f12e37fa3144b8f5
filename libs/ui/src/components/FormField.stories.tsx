import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { FormField } from './FormField.js';

const meta = {
  title: 'Components/FormField',
  component: FormField,
  tags: ['autodocs'],
  args: {
    label: 'Units',
    description: 'Credit units of the subject.',
    children: (control) => <input {...control} className="cas-input" name="units" type="number" />,
  },
} satisfies Meta<typeof FormField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: 'Units' });
    await expect(input).toHaveAccessibleDescription('Credit units of the subject.');
  },
};

export const Invalid: Story = {
  args: { isRequired: true, error: 'Please fillup required fields.' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByRole('spinbutton', { name: /Units/ });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAttribute('aria-required', 'true');
    await expect(input).toHaveAccessibleDescription('Please fillup required fields. Credit units of the subject.');
  },
};

export const Disabled: Story = {
  args: { children: (control) => <input {...control} className="cas-input" name="units" disabled /> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox', { name: 'Units' })).toBeDisabled();
  },
};
