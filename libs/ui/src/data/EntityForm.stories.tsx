import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { EntityForm } from './EntityForm.js';
import { sampleCampuses, sampleCollegeEntity } from './sample-entities.js';

const programs = Array.from({ length: 20 }, (_, i) => ({
  value: `7b0a4c1e-4a51-4c0b-9f3e-2f1b8a0c01${String(i).padStart(2, '0')}`,
  label: `BS Program ${i + 1}`,
}));

const meta = {
  title: 'Data/EntityForm',
  component: EntityForm,
  tags: ['autodocs'],
  args: {
    entity: sampleCollegeEntity,
    mode: 'create',
    label: 'New college',
    referenceOptions: { campusId: sampleCampuses, programIds: programs },
    cancelHref: '#list',
  },
} satisfies Meta<typeof EntityForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const code = canvas.getByRole('textbox', { name: /^Code/ });
    await expect(code).toHaveAttribute('aria-required', 'true');
    await userEvent.type(code, 'CEN');
    // The reference field is a combobox once JavaScript runs: type, arrow down, Enter.
    await userEvent.click(canvas.getByRole('combobox', { name: /^Campus/ }));
    await userEvent.keyboard('Main{ArrowDown}{Enter}');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Monday' }));
    const form = canvas.getByRole('form', { name: 'New college' }) as HTMLFormElement;
    const data = new FormData(form);
    await expect(data.get('code')).toBe('CEN');
    await expect(data.get('campusId')).toBe(sampleCampuses[0]?.value);
    await expect(data.getAll('days')).toEqual(['M']);
  },
};

export const Edit: Story = {
  args: {
    mode: 'update',
    label: 'Edit college',
    values: {
      code: 'CEN',
      name: 'College of Engineering',
      campusId: sampleCampuses[0]?.value,
      kind: '1',
      isMain: 'on',
    },
  },
};

export const Invalid: Story = {
  args: {
    values: { code: 'CEN', name: '' },
    errors: { name: ['Required'], campusId: ['Required'] },
    formErrors: ['Please fillup required fields.'],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please fillup required fields.');
    await expect(canvas.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('textbox', { name: /^Code/ })).toHaveValue('CEN');
  },
};

export const SearchableChoices: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByRole('searchbox', { name: 'Search programs' }), 'Program 12');
    await expect(canvas.getByRole('checkbox', { name: 'BS Program 12' })).toBeInTheDocument();
    await expect(canvas.queryByRole('checkbox', { name: 'BS Program 3' })).toBeNull();
  },
};

export const ReadOnlyField: Story = { args: { readOnlyFields: ['isMain'] } };
