import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { LinkTabs } from './LinkTabs.js';

const meta = {
  title: 'Components/LinkTabs',
  component: LinkTabs,
  tags: ['autodocs'],
  args: {
    label: 'Responses views',
    tabs: [
      { href: '?view=answers', label: 'Answer bank', count: 148 },
      { href: '?view=unanswered', label: 'Unanswered', count: 12 },
      { href: '?view=try', label: 'Try the bot' },
    ],
    current: '?view=answers',
  },
} satisfies Meta<typeof LinkTabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Each tab is a link with its own URL; the current one is marked `aria-current="page"`. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Responses views' });
    await expect(within(nav).getByRole('link', { name: /Answer bank/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(within(nav).getByRole('link', { name: /Unanswered/ })).not.toHaveAttribute('aria-current');
  },
};

export const SecondTab: Story = { args: { current: '?view=unanswered' } };

export const ManyTabs: Story = {
  args: {
    label: 'Employee record',
    current: '#personal',
    tabs: ['Personal', 'Family', 'Education', 'Eligibility', 'Work experience', 'Trainings', 'Documents'].map(
      (l) => ({
        href: `#${l.toLowerCase().replace(/ /g, '-')}`,
        label: l,
      }),
    ),
  },
};

/** On a phone the tab row scrolls sideways inside itself; the page does not. */
export const Phone: Story = { ...ManyTabs, globals: { viewport: { value: 'phone', isRotated: false } } };
