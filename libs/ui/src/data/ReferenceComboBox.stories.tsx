import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ReferenceComboBox } from './ReferenceComboBox.js';
import type { ChoiceOption } from './FilterBar.js';

const rooms: ChoiceOption[] = Array.from({ length: 12 }, (_, i) => ({
  value: `0d8f1c2a-5b6e-4f70-8a91-b2c3d4e5f6${String(i).padStart(2, '0')}`,
  label: `Lecture Room ${101 + i}`,
}));
/** Records only the server knows of (beyond the choices sent with the page). */
const archive: ChoiceOption[] = Array.from({ length: 300 }, (_, i) => ({
  value: `9a7b6c5d-4e3f-4a1b-8c2d-3e4f5a6b${String(i).padStart(4, '0')}`,
  label: `Computer Laboratory ${String(i + 1).padStart(3, '0')}`,
}));
const searchArchive = async (text: string) =>
  archive.filter((o) => o.label.toLowerCase().includes(text.toLowerCase())).slice(0, 20);

/** The story inside a form, so the play functions can read what the form would post. */
const meta = {
  title: 'Data/ReferenceComboBox',
  component: ReferenceComboBox,
  tags: ['autodocs'],
  args: { label: 'Room', name: 'roomId', options: rooms },
  decorators: [
    (Story) => (
      <form aria-label="Section" style={{ maxWidth: 360 }}>
        <Story />
      </form>
    ),
  ],
} satisfies Meta<typeof ReferenceComboBox>;
export default meta;
type Story = StoryObj<typeof meta>;

const posted = (canvasElement: HTMLElement, name = 'roomId') =>
  new FormData(within(canvasElement).getByRole('form', { name: 'Section' }) as HTMLFormElement).get(name);

/** Keyboard only: type to narrow, arrow down to the choice, Enter to take it; the label stays and the id posts. */
export const ChooseWithTheKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('combobox', { name: /^Room/ });
    await userEvent.click(box);
    await userEvent.keyboard('105');
    const list = await within(document.body).findByRole('listbox');
    await expect(within(list).getAllByRole('option').map((o) => o.textContent)).toEqual(['Lecture Room 105']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(box).toHaveValue('Lecture Room 105');
    await expect(posted(canvasElement)).toBe(rooms[4]!.value);
  },
};

/** A chosen record shows its label; clearing the box clears the choice. */
export const Chosen: Story = {
  args: { defaultValue: rooms[2]!.value },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('combobox', { name: /^Room/ });
    await expect(box).toHaveValue('Lecture Room 103');
    await expect(posted(canvasElement)).toBe(rooms[2]!.value);
    await userEvent.clear(box);
    await expect(posted(canvasElement)).toBe('');
  },
};

/** Typing asks the server after a pause; what it finds is offered beside the local matches. */
export const SearchOnTheServer: Story = {
  args: { search: searchArchive },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('combobox', { name: /^Room/ });
    await userEvent.click(box);
    await userEvent.keyboard('Laboratory 250');
    const option = await within(document.body).findByRole('option', { name: 'Computer Laboratory 250' }, { timeout: 3000 });
    await expect(option).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(box).toHaveValue('Computer Laboratory 250'));
    await expect(posted(canvasElement)).toBe(archive[249]!.value);
  },
};

/** The validation story: a required reference left empty is marked invalid and says why. */
export const Invalid: Story = {
  args: { isRequired: true, error: 'Required', description: 'Where the section meets.' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole('combobox', { name: /^Room/ });
    await expect(box).toHaveAttribute('aria-invalid', 'true');
    await expect(box).toHaveAttribute('aria-required', 'true');
    await expect(box).toHaveAccessibleDescription(/Required/);
    await expect(canvas.getByText('Required')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { defaultValue: rooms[0]!.value, isDisabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: /^Room/ })).toBeDisabled();
  },
};
