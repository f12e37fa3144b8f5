import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ConfirmDialog, dialogTriggerProps } from './Dialog.js';

function LogoutExample({ onConfirm }: { onConfirm?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <a {...dialogTriggerProps('/logout', () => setOpen(true))}>Logout</a>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Logout Confirmation"
        description="Are you sure you want to logout?"
        onConfirm={onConfirm}
      />
    </>
  );
}

const meta = {
  title: 'Components/ConfirmDialog',
  component: LogoutExample,
  tags: ['autodocs'],
  args: { onConfirm: fn() },
} satisfies Meta<typeof LogoutExample>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Logout' }));
    const dialog = await body.findByRole('dialog', { name: 'Logout Confirmation' });
    await expect(dialog).toHaveAccessibleDescription('Are you sure you want to logout?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const Cancelled: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(within(canvasElement).getByRole('link', { name: 'Logout' }));
    const dialog = await body.findByRole('dialog', { name: 'Logout Confirmation' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(body.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const PostsAForm: Story = {
  render: () => (
    <ConfirmDialog
      isOpen
      onOpenChange={() => undefined}
      title="Logout Confirmation"
      description="Are you sure you want to logout?"
      confirmForm={{ action: '/logout' }}
    />
  ),
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    const ok = within(dialog).getByRole('button', { name: 'OK' });
    await expect(ok).toHaveAttribute('type', 'submit');
    await expect(ok.closest('form')).toHaveAttribute('action', '/logout');
  },
};
