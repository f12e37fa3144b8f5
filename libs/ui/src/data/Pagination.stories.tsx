import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Pagination } from './Pagination.js';

const meta = {
  title: 'Data/Pagination',
  component: Pagination,
  tags: ['autodocs'],
  args: { count: 482, page: 7, limit: 20, searchParams: 'q=santos&page=7' },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Page 7' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '?q=santos&page=8');
    await expect(canvas.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('20');
  },
};

export const FirstPage: Story = { args: { page: 1, searchParams: '' } };
export const Empty: Story = { args: { count: 0, page: 1, searchParams: '' } };
