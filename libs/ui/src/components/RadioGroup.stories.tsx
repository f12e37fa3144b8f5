import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RadioGroup } from './RadioGroup.js';

const ratings = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: String(n) }));

const meta = {
  title: 'Components/RadioGroup',
  component: RadioGroup,
  tags: ['autodocs'],
  args: { label: 'How did we do?', name: 'rating', options: ratings, orientation: 'row', onChange: fn() },
  decorators: [
    (Story) => (
      <form aria-label="Rating">
        <Story />
      </form>
    ),
  ],
} satisfies Meta<typeof RadioGroup>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A rating from 1 to 5 side by side; the chosen one posts with the form. */
export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'How did we do?' })).toBeVisible();
    await userEvent.click(canvas.getByRole('radio', { name: '4' }));
    await expect(canvas.getByRole('radio', { name: '4' })).toBeChecked();
    await expect(args.onChange).toHaveBeenCalledWith('4');
    const form = canvas.getByRole('form', { name: 'Rating' }) as HTMLFormElement;
    await expect(new FormData(form).get('rating')).toBe('4');
  },
};

/** One under the other, with a description. */
export const Column: Story = {
  args: {
    label: 'Send the answer by',
    name: 'channel',
    orientation: 'column',
    description: 'We never share your address.',
    options: [
      { value: 'EMAIL', label: 'Email' },
      { value: 'WEB_CHAT', label: 'Web chat inbox' },
    ],
    defaultValue: 'EMAIL',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: 'Email' })).toBeChecked();
  },
};

export const Invalid: Story = {
  args: { isRequired: true, error: 'Please fillup required fields.' },
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: /How did we do/ });
    await expect(group).toHaveAccessibleDescription('Please fillup required fields.');
    await expect(within(canvasElement).getByRole('radio', { name: '1' })).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { isDisabled: true, defaultValue: '3' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('radio', { name: '3' })).toBeDisabled();
  },
};

export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone', isRotated: false } } };
