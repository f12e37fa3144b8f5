import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { FilterBar } from './FilterBar.js';
import { sampleCampuses, sampleCollegeEntity, sampleTermEntity } from './sample-entities.js';

const meta = {
  title: 'Data/FilterBar',
  component: FilterBar,
  tags: ['autodocs'],
  args: {
    entity: sampleCollegeEntity,
    values: {},
    referenceOptions: { campusId: sampleCampuses },
    searchParams: '',
  },
} satisfies Meta<typeof FilterBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const campus = within(canvasElement).getByRole('combobox', { name: 'Campus' });
    await userEvent.selectOptions(campus, 'North Campus');
    await expect(campus).toHaveValue(sampleCampuses[1]?.value);
  },
};

export const Filtered: Story = {
  args: { values: { kind: '1', isActive: 'true' }, searchParams: 'kind=1&isActive=true' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      '?',
    );
    // On a phone the fields fold under a summary that counts the chosen filters.
    await expect(canvasElement.querySelector('summary')).toHaveTextContent('Filters (2)');
  },
};

/** Below 640 px the filters fold into "Filters (2)"; the summary opens them (a `<details>`, so without JavaScript too). */
export const Phone: Story = {
  ...Filtered,
  globals: { viewport: { value: 'phone', isRotated: false } },
  play: async ({ canvasElement }) => {
    const summary = canvasElement.querySelector('summary') as HTMLElement;
    const details = summary.closest('details') as HTMLDetailsElement;
    await expect(summary).toHaveTextContent('Filters (2)');
    const wasOpen = details.open;
    await userEvent.click(summary);
    await expect(details.open).toBe(!wasOpen);
  },
};

export const StatusLifecycle: Story = { args: { entity: sampleTermEntity, referenceOptions: {} } };
