import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from './Button.js';
import { RowMenu } from './RowMenu.js';

const meta = {
  title: 'Components/RowMenu',
  component: RowMenu,
  tags: ['autodocs'],
  args: {
    label: 'Actions for students.csv',
    children: (
      <>
        <a href="#open">Open</a>
        <a href="#errors">Download the error file (CSV)</a>
        <form onSubmit={(e) => e.preventDefault()}>
          <Button type="submit" variant="ghost">
            Re-run rejected rows only
          </Button>
        </form>
      </>
    ),
  },
} satisfies Meta<typeof RowMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByLabelText('Actions for students.csv');
    await expect(toggle.closest('details')).not.toHaveAttribute('open');
  },
};

export const Opened: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByLabelText('Actions for students.csv');
    await userEvent.click(toggle);
    await expect(toggle.closest('details')).toHaveAttribute('open');
    await expect(within(canvasElement).getByRole('link', { name: 'Open' })).toHaveAttribute('href', '#open');
  },
};

export const Phone: Story = { ...Opened, globals: { viewport: { value: 'phone', isRotated: false } } };
