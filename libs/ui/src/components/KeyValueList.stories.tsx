import type { Meta, StoryObj } from '@storybook/react';
import { formatPeso } from '@campus/formatters';
import { expect, within } from 'storybook/test';
import { KeyValueList } from './KeyValueList.js';
import { StatusPill } from './StatusPill.js';

const meta = {
  title: 'Components/KeyValueList',
  component: KeyValueList,
  tags: ['autodocs'],
  args: {
    'aria-label': 'Requester',
    items: [
      { label: 'Name', value: 'Maria Santos' },
      { label: 'Email', value: 'maria.santos@example.edu' },
      { label: 'State', value: <StatusPill tone="info">Open</StatusPill> },
      { label: 'Phone', value: '' },
    ],
  },
} satisfies Meta<typeof KeyValueList>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Label beside value, as in a side panel; an empty value reads "Not set". */
export const Rows: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Name').tagName).toBe('DT');
    await expect(canvas.getByText('Not set')).toBeInTheDocument();
  },
};

/** Label above value in columns, as on a record page or data sheet. */
export const Grid: Story = {
  args: {
    layout: 'grid',
    items: [
      { label: 'Employee number', value: 'EMP-00412' },
      { label: 'Department', value: 'College of Engineering' },
      { label: 'Monthly salary', value: formatPeso(48250) },
      { label: 'Civil status', value: 'Married' },
      { label: 'Address', value: '12 Mabini Street, Barangay San Roque, Quezon City', isWide: true },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('₱48,250.00')).toBeInTheDocument();
  },
};

export const Phone: Story = { ...Grid, globals: { viewport: { value: 'phone', isRotated: false } } };
