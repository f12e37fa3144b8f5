import type { Meta, StoryObj } from '@storybook/react';
import { expect, fireEvent, within } from 'storybook/test';
import { DateField, DateRange } from './DateField.js';

const meta = {
  title: 'Components/DateField',
  component: DateField,
  tags: ['autodocs'],
  args: { label: 'Date of birth', name: 'birthDate', defaultValue: '1998-04-12' },
} satisfies Meta<typeof DateField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Date of birth');
    await expect(input).toHaveAttribute('type', 'date');
    await expect(input).toHaveValue('1998-04-12');
  },
};

/** An instant shows as its calendar day in Manila (late evening UTC is the next day there). */
export const FromAnInstant: Story = {
  args: { label: 'Hired on', name: 'hiredOn', defaultValue: '2026-11-20T20:00:00Z' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByLabelText('Hired on')).toHaveValue('2026-11-21');
  },
};

export const Invalid: Story = {
  args: { error: 'Please fillup required fields.', isRequired: true, defaultValue: undefined },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText(/Date of birth/);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Please fillup required fields.');
  },
};

export const Disabled: Story = { args: { isDisabled: true } };

/** From and To in one group; once the start is chosen the end cannot be earlier. */
export const Range: Story = {
  render: () => (
    <DateRange
      label="Period"
      startName="from"
      endName="to"
      defaultStart="2026-11-01"
      defaultEnd="2026-11-30"
      description="Both days are included."
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const group = canvas.getByRole('group', { name: 'Period' });
    const from = within(group).getByLabelText('From');
    const to = within(group).getByLabelText('To');
    await expect(to).toHaveAttribute('min', '2026-11-01');
    fireEvent.change(from, { target: { value: '2026-11-15' } });
    await expect(to).toHaveAttribute('min', '2026-11-15');
  },
};

export const RangeInvalid: Story = {
  render: () => (
    <DateRange
      label="Leave dates"
      startName="from"
      endName="to"
      defaultStart="2026-11-20"
      defaultEnd="2026-11-18"
      error="The end date is before the start date."
    />
  ),
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'Leave dates' });
    await expect(group).toHaveAccessibleDescription('The end date is before the start date.');
    await expect(within(group).getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Phone: Story = { ...Range, globals: { viewport: { value: 'phone', isRotated: false } } };
