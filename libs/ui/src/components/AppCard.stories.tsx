import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { AppCard } from './AppCard.js';
import { Icon } from './Icon.js';

const meta = {
  title: 'Components/AppCard',
  component: AppCard,
  tags: ['autodocs'],
  args: {
    title: 'Campus Management',
    description: 'Campuses, colleges, programs, subjects, sections, rooms, schedules and the academic calendar.',
    href: '/app/campus-management',
    icon: <Icon name="building" />,
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof AppCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: /Campus Management/ });
    await expect(link).toHaveAttribute('href', '/app/campus-management');
    await expect(link).toHaveAttribute('data-allowed', 'true');
  },
};

export const NotAllowed: Story = {
  args: { isAllowed: false, onDenied: fn() },
  play: async ({ canvasElement, args }) => {
    const link = within(canvasElement).getByRole('link', { name: /Campus Management/ });
    await expect(link).toHaveAttribute('data-allowed', 'false');
    await expect(link).toHaveTextContent('No Access');
    await userEvent.click(link);
    await expect(args.onDenied).toHaveBeenCalledTimes(1);
  },
};
