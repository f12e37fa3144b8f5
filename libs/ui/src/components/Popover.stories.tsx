import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { Icon } from './Icon.js';
import { Popover } from './Popover.js';

const meta = {
  title: 'Components/Popover',
  component: Popover,
  tags: ['autodocs'],
  args: {
    label: 'Applications',
    title: 'Applications',
    trigger: (
      <Button isIconOnly aria-label="Applications">
        <Icon name="apps" />
      </Button>
    ),
    children: (
      <ul className="cas-tiles">
        <li>
          <a className="cas-tile" href="/app">
            Home
          </a>
        </li>
        <li>
          <a className="cas-tile" href="/app/campus-management">
            Campus Management
          </a>
        </li>
      </ul>
    ),
  },
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Applications' }));
    const home = await body.findByRole('link', { name: 'Home' });
    await expect(home).toHaveAttribute('href', '/app');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body.queryByRole('link', { name: 'Home' })).not.toBeInTheDocument());
  },
};
