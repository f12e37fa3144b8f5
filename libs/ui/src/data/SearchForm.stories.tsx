import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { SearchForm } from './SearchForm.js';

const meta = {
  title: 'Data/SearchForm',
  component: SearchForm,
  tags: ['autodocs'],
  args: { q: '', searchParams: 'sort=-name', label: 'Search colleges', placeholder: 'Code or name' },
} satisfies Meta<typeof SearchForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('searchbox', { name: 'Search colleges' });
    await userEvent.type(box, 'engineering');
    await expect(box).toHaveValue('engineering');
    await userEvent.keyboard('{Escape}');
    await expect(box).toHaveValue('');
  },
};

export const WithSearch: Story = { args: { q: 'engineering' } };
