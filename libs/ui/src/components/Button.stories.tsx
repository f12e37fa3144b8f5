import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button, ButtonLink } from './Button.js';
import { Icon } from './Icon.js';

const meta = {
  title: 'Components/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: 'Save', onPress: fn() },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await userEvent.click(button);
    await expect(args.onPress).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('type', 'button');
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: 'Cancel' } };

export const Danger: Story = { args: { variant: 'danger', children: 'Deactivate' } };

export const IconOnly: Story = {
  args: { isIconOnly: true, 'aria-label': 'Toggle menu', children: <Icon name="menu" />, variant: 'ghost' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Toggle menu' })).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { isDisabled: true },
  play: async ({ canvasElement, args }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onPress).not.toHaveBeenCalled();
  },
};

export const SubmitsAPlainForm: Story = {
  render: (args) => (
    <form method="post" action="/" onSubmit={(e) => e.preventDefault()}>
      <Button {...args} type="submit" name="intent" value="save" />
    </form>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Save' });
    await expect(button).toHaveAttribute('type', 'submit');
    await expect(button).toHaveAttribute('name', 'intent');
    await expect(button).toHaveAttribute('value', 'save');
  },
};

export const AsLink: Story = {
  render: () => (
    <ButtonLink href="/app" variant="secondary">
      Back to the home page
    </ButtonLink>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Back to the home page' })).toHaveAttribute('href', '/app');
  },
};
