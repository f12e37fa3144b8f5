import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { DueTime } from './DueTime.js';

// Tuesday 1 December 2026, 08:00 in Manila: stories measure from a fixed moment so they read the same every day.
const now = new Date('2026-12-01T00:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();

const meta = {
  title: 'Components/DueTime',
  component: DueTime,
  tags: ['autodocs'],
  args: { due: inHours(2), now },
} satisfies Meta<typeof DueTime>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Upcoming: Story = {
  play: async ({ canvasElement }) => {
    const time = canvasElement.querySelector('time');
    await expect(time).toHaveTextContent('due in 2 h · Tue 10:00 PHT');
    await expect(time).toHaveAttribute('dateTime', inHours(2));
    await expect(time).toHaveAttribute('data-state', 'upcoming');
  },
};

export const Overdue: Story = {
  args: { due: inHours(-3.25) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('overdue by 3 h 15 min')).toBeVisible();
  },
};

export const DueNow: Story = { args: { due: inHours(0.001) } };

export const FarAway: Story = { args: { due: inHours(24 * 9) } };

/** For a table cell: only how far; the exact time is in the tooltip. */
export const Compact: Story = {
  args: { isCompact: true },
  play: async ({ canvasElement }) => {
    const time = canvasElement.querySelector('time');
    await expect(time).toHaveTextContent(/^due in 2 h$/);
    await expect(time?.getAttribute('title')).toMatch(/Tuesday, December 1, 2026 at 10:00\sAM PHT/);
  },
};

export const OtherZone: Story = { args: { timeZone: 'America/Los_Angeles' } };

export const Phone: Story = { ...Overdue, globals: { viewport: { value: 'phone', isRotated: false } } };
