import type { Meta, StoryObj } from '@storybook/react';
import { expect, within } from 'storybook/test';
import { Thread, type ThreadItem } from './Thread.js';

const maria = { firstName: 'Maria', lastName: 'Santos' };
const juan = { firstName: 'Juan', lastName: 'dela Cruz' };

export const sampleThread: ThreadItem[] = [
  { id: '1', kind: 'event', at: '2026-11-30T01:02:00Z', body: 'Ticket created from the public support form' },
  {
    id: '2',
    kind: 'message',
    at: '2026-11-30T01:02:00Z',
    author: maria,
    role: 'Requester',
    body: <p>I cannot sign in to the enrolment portal since yesterday. It says my account is locked.</p>,
  },
  { id: '3', kind: 'event', at: '2026-11-30T01:30:00Z', author: juan, body: 'Assigned to IT Services' },
  {
    id: '4',
    kind: 'note',
    at: '2026-11-30T01:35:00Z',
    author: juan,
    role: 'Agent',
    body: <p>Five failed attempts from an unknown address on Sunday. Unlock after checking her ID.</p>,
  },
  {
    id: '5',
    kind: 'message',
    at: '2026-11-30T01:41:00Z',
    author: juan,
    role: 'Agent',
    isOutgoing: true,
    body: (
      <p>
        Good morning, Maria. Your account is unlocked; please change your password after signing in. Reply
        here if it happens again.
      </p>
    ),
  },
  {
    id: '6',
    kind: 'event',
    at: '2026-11-30T01:42:00Z',
    body: 'State changed from Open to Waiting on requester',
  },
];

const meta = {
  title: 'Components/Thread',
  component: Thread,
  tags: ['autodocs'],
  args: { label: 'Conversation', items: sampleThread },
  // The sample conversation is shared with the record page's stories.
  excludeStories: ['sampleThread'],
} satisfies Meta<typeof Thread>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Messages, an internal note and events, oldest first, each with its time and zone. */
export const Conversation: Story = {
  play: async ({ canvasElement }) => {
    const list = within(canvasElement).getByRole('list', { name: 'Conversation' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    await expect(within(list).getByText('Internal note')).toBeVisible();
    const times = [...list.querySelectorAll('time')].map((t) => t.textContent);
    await expect(times[1]).toBe('Mon, Nov 30, 09:02 PHT');
    await expect(within(list).getAllByRole('article')).toHaveLength(3);
  },
};

export const Empty: Story = {
  args: { items: [], emptyText: 'No messages yet.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No messages yet.')).toBeVisible();
  },
};

/** A history of events only (a record's audit trail). */
export const Timeline: Story = {
  args: { label: 'History', items: sampleThread.filter((i) => i.kind === 'event') },
};

export const Phone: Story = { ...Conversation, globals: { viewport: { value: 'phone', isRotated: false } } };
