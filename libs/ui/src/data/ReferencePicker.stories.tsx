import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { ReferencePicker } from './ReferencePicker.js';
import type { ChoiceOption } from './FilterBar.js';

const agents: ChoiceOption[] = [
  { value: '5b0c9a4e-1f2d-4c3b-9a8e-7d6c5b4a3f21', label: 'Dela Cruz, Maria' },
  { value: '5b0c9a4e-1f2d-4c3b-9a8e-7d6c5b4a3f22', label: 'Santos, Jose' },
  { value: '5b0c9a4e-1f2d-4c3b-9a8e-7d6c5b4a3f23', label: 'Reyes, Ana' },
];

/** An area's own form choosing one record: the story inside a form, to read what it would post. */
const meta = {
  title: 'Data/ReferencePicker',
  component: ReferencePicker,
  tags: ['autodocs'],
  args: { label: 'Agent', name: 'assigneeId', options: agents, noneLabel: 'Unassigned' },
  decorators: [
    (Story) => (
      <form aria-label="Assignment" style={{ maxWidth: 360 }}>
        <Story />
      </form>
    ),
  ],
} satisfies Meta<typeof ReferencePicker>;
export default meta;
type Story = StoryObj<typeof meta>;

const posted = (canvasElement: HTMLElement) =>
  new FormData(within(canvasElement).getByRole('form', { name: 'Assignment' }) as HTMLFormElement).get('assigneeId');

/** Once JavaScript runs it is the searchable combobox, labelled, posting the chosen record's id. */
export const Default: Story = {
  args: { defaultValue: agents[1]!.value },
  play: async ({ canvasElement }) => {
    const box = await within(canvasElement).findByRole('combobox', { name: /^Agent/ });
    await expect(box).toHaveValue('Santos, Jose');
    await expect(posted(canvasElement)).toBe(agents[1]!.value);
  },
};

export const Required: Story = {
  args: { isRequired: true, noneLabel: 'Choose an agent' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('combobox', { name: /^Agent/ })).toBeRequired();
  },
};

export const Phone: Story = { ...Default, globals: { viewport: { value: 'phone', isRotated: false } } };
