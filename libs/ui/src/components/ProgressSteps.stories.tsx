import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { ProgressSteps } from './ProgressSteps.js';

const meta = {
  title: 'Components/ProgressSteps',
  component: ProgressSteps,
  tags: ['autodocs'],
  args: {
    label: 'Upload steps',
    steps: [{ label: 'File', href: '#file' }, { label: 'Preview', href: '#preview' }, { label: 'Run' }],
    current: 1,
  },
} satisfies Meta<typeof ProgressSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SecondStep: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Upload steps' });
    await expect(within(nav).getByRole('link', { name: /File \(done\)/ })).toHaveAttribute('href', '#file');
    await expect(within(nav).getByText('Preview').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(within(nav).queryByRole('link', { name: /Run/ })).toBeNull();
  },
};

export const FirstStep: Story = { args: { current: 0 } };
export const AllDone: Story = { args: { current: 3 } };
export const Phone: Story = { ...SecondStep, globals: { viewport: { value: 'phone', isRotated: false } } };
