import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { PersonName } from './PersonName.js';

const meta = {
  title: 'Components/PersonName',
  component: PersonName,
  tags: ['autodocs'],
  args: { firstName: 'Juan', lastName: 'dela Cruz', detail: 'Support agent · IT Services' },
} satisfies Meta<typeof PersonName>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The name is the text; the avatar is hidden from screen readers so the name is read once. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Juan dela Cruz')).toBeVisible();
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};

export const Small: Story = { args: { size: 'small', detail: undefined } };

export const LongName: Story = {
  args: {
    firstName: 'Maria Clarissa Josefina',
    lastName: 'Villanueva-Santiago',
    detail: 'maria.clarissa.villanueva-santiago@example.edu',
  },
};

export const Phone: Story = { ...LongName, globals: { viewport: { value: 'phone', isRotated: false } } };
