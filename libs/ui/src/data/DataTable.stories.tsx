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

/** The header row stays in view while the table scrolls in its own box (a keyboard-reachable, named region). */
export const StickyHeader: Story = {
  args: {
    stickyHeader: true,
    maxHeight: '12rem',
    rows: [...sampleCollegeRows, ...sampleCollegeRows, ...sampleCollegeRows].map((r, i) => ({ ...r, _id: `${r._id}-${i}` })) as EntityRow[],
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Colleges' });
    await expect(region).toHaveAttribute('tabindex', '0');
    await expect(region).toHaveAttribute('data-sticky', 'true');
  },
};

/** Below md each row is a card of its main fields. */
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };
