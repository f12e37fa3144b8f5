import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Icon, type IconName } from './Icon.js';

/** Every icon of the set, each with its name: what a screen may draw beside a label or inside an icon-only button. */
const NAMES: readonly IconName[] = [
  'menu', 'logout', 'apps', 'home', 'user', 'check', 'close', 'eye', 'lock', 'folder', 'chevronLeft', 'chevronDown',
  'keyboard', 'external', 'building', 'chat', 'support', 'face', 'database', 'chart', 'layers', 'shield', 'bell',
];

const meta = {
  title: 'Components/Icon',
  component: Icon,
  tags: ['autodocs'],
  args: { name: 'bell' },
} satisfies Meta<typeof Icon>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Without a label an icon is decorative: hidden from assistive technology. */
export const Decorative: Story = {
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  },
};

/** With a label it is an image with that name. */
export const Labelled: Story = {
  args: { name: 'shield', label: 'Protected' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Protected' })).toBeVisible();
  },
};

/** The whole set at the sizes the console uses. */
export const Catalog: Story = {
  render: () => (
    <ul aria-label="Icons" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(7rem, 1fr))', gap: 12, listStyle: 'none', padding: 0 }}>
      {NAMES.map((name) => (
        <li key={name} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
          <Icon name={name} size={24} />
          <code>{name}</code>
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(NAMES.length);
  },
};

export const Phone: Story = { ...Catalog, globals: { viewport: { value: 'phone', isRotated: false } } };
