import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { RowTable, type RowTableColumn } from './RowTable.js';

interface Run {
  readonly id: string;
  readonly source: string;
  readonly read: number;
  readonly state: string;
}
const runs: readonly Run[] = [
  { id: '1', source: 'students-2026.csv', read: 1240, state: 'Completed' },
  { id: '2', source: 'faculty.xlsx', read: 88, state: 'Failed' },
];
const columns: readonly RowTableColumn<Run>[] = [
  { key: 'source', header: 'Source', cell: (r) => r.source },
  { key: 'read', header: 'Read', isNumeric: true, cell: (r) => r.read.toLocaleString('en-PH') },
  { key: 'state', header: 'State', cell: (r) => r.state },
];

const meta = {
  title: 'Data/RowTable',
  component: RowTable<Run>,
  tags: ['autodocs'],
  args: { caption: 'Runs', columns, rows: runs, rowKey: (r: Run) => r.id, hasRowHeader: true },
} satisfies Meta<typeof RowTable<Run>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Cards: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table', { name: 'Runs' });
    await expect(within(table).getByRole('rowheader', { name: 'students-2026.csv' })).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
  },
};
export const Scroll: Story = { args: { phoneLayout: 'scroll' } };
export const Empty: Story = { args: { rows: [], emptyMessage: 'No run yet.' } };
export const Phone: Story = { ...Cards, globals: { viewport: { value: 'phone', isRotated: false } } };
export const PhoneScroll: Story = { ...Scroll, globals: { viewport: { value: 'phone', isRotated: false } } };
