import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { StateControl } from './StateControl.js';
import { sampleCollegeEntity, sampleTermEntity } from './sample-entities.js';

const id = '0f3c6a52-8d1e-4c1a-9a77-000000000001';

const meta = {
  title: 'Data/StateControl',
  component: StateControl,
  tags: ['autodocs'],
  args: { entity: sampleCollegeEntity, row: { _id: id, name: 'College of Engineering', isActive: true } },
} satisfies Meta<typeof StateControl>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'College of Engineering active' });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(toggle).toHaveAttribute('value', 'false');
  },
};

export const Inactive: Story = {
  args: { row: { _id: id, name: 'College of Engineering', isActive: false } },
};

export const Status: Story = {
  args: { entity: sampleTermEntity, row: { _id: id, description: 'First term', status: 'OPEN' } },
  play: async ({ canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'Status of First term' });
    await expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['OPEN', 'CLOSED']);
  },
};

export const Disabled: Story = { args: { isDisabled: true } };
