import type { Meta, StoryObj } from '@storybook/react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { failureNotice, Notice, NOTICES } from './Notice.js';

const meta = {
  title: 'Components/Notice',
  component: Notice,
  tags: ['autodocs'],
  args: { ...NOTICES.created },
} satisfies Meta<typeof Notice>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('status');
    await expect(notice).toHaveTextContent('Success!');
    await expect(notice).toHaveTextContent('New record created');
  },
};

export const ValidationError: Story = {
  args: { ...NOTICES.validation },
  play: async ({ canvasElement }) => {
    const notice = within(canvasElement).getByRole('alert');
    await expect(notice).toHaveTextContent('Validation Error');
    await expect(notice).toHaveTextContent('Please fillup required fields.');
  },
};

export const NoAccess: Story = { args: { ...NOTICES.noAccess } };

export const GeneralFailure: Story = {
  args: { ...failureNotice(undefined) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'We cannot process your transaction, please contact the administrator.',
    );
  },
};

export const Dismissible: Story = {
  args: { ...NOTICES.updated, onDismiss: fn() },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Dismiss' }));
    await expect(args.onDismiss).toHaveBeenCalledTimes(1);
  },
};
