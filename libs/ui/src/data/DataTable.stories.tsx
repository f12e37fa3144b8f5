import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { DataTable } from './DataTable.js';
import type { EntityRow } from './format-cell.js';
import { sampleCollegeEntity, sampleCollegeRows } from './sample-entities.js';

const meta = {
  title: 'Data/DataTable',
  component: DataTable,
  tags: ['autodocs'],
  args: {
    entity: sampleCollegeEntity,
    rows: sampleCollegeRows as EntityRow[],
    searchParams: '',
    sort: 'name',
    rowHref: (row: EntityRow) => `#edit-${row._id}`,
  },
} satisfies Meta<typeof DataTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByRole('columnheader', { name: /Name/ });
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    await expect(within(name).getByRole('link')).toHaveAttribute('href', '?sort=-name');
    await expect(canvas.getByRole('link', { name: 'CEN' })).toHaveAttribute(
      'href',
      `#edit-${sampleCollegeRows[0]?._id}`,
    );
  },
};

export const SortedDescending: Story = { args: { sort: '-code' } };

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No colleges found.')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('table')).toHaveAttribute('aria-busy', 'true');
  },
};
