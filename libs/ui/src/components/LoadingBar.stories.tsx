import type { Meta, StoryObj } from '@storybook/react';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './Button.js';
import { LoadingBar } from './LoadingBar.js';

/** Short timings so the story shows every state quickly; the app uses LOADING_BAR_TIMING. */
const fast = { throttle: 20, duration: 300, hideDelay: 50 };

function Demo({ fail }: { fail?: boolean }) {
  const [isLoading, setLoading] = useState(false);
  return (
    <>
      <LoadingBar isLoading={isLoading} hasFailed={fail} timing={fast} />
      <Button onPress={() => setLoading((v) => !v)}>{isLoading ? 'Finish' : 'Start'}</Button>
    </>
  );
}

const meta = {
  title: 'Components/LoadingBar',
  component: Demo,
  tags: ['autodocs'],
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

const bar = (el: HTMLElement) => el.ownerDocument.querySelector('.cas-loading-bar') as HTMLElement;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'idle');
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'loading'));
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'done');
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'idle'));
  },
};

export const Failed: Story = {
  args: { fail: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(bar(canvasElement)).toHaveAttribute('data-state', 'loading'));
    await userEvent.click(canvas.getByRole('button', { name: 'Finish' }));
    await expect(bar(canvasElement)).toHaveAttribute('data-state', 'failed');
  },
};
