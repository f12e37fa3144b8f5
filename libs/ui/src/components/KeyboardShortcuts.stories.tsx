import type { Meta, StoryObj } from '@storybook/react';
import { useMemo, useRef, useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { KeyboardHelpDialog, useKeyboardShortcuts, type KeyboardShortcut } from './KeyboardShortcuts.js';

const SHORTCUTS: KeyboardShortcut[] = [
  { key: '/', description: 'Search this list' },
  { key: 'n', description: 'Add a record to this list' },
  { key: '?', description: 'Show the keyboard shortcuts' },
];

function Demo() {
  const [isOpen, setIsOpen] = useState(false);
  const [added, setAdded] = useState(0);
  const search = useRef<HTMLInputElement>(null);
  const handlers = useMemo(
    () => ({ '/': () => search.current?.focus(), n: () => setAdded((n) => n + 1), '?': () => setIsOpen(true) }),
    [],
  );
  useKeyboardShortcuts(handlers);
  return (
    <div>
      <label>
        Search campuses <input ref={search} type="search" />
      </label>
      <p>Records added: {added}</p>
      <KeyboardHelpDialog isOpen={isOpen} onOpenChange={setIsOpen} shortcuts={SHORTCUTS} />
    </div>
  );
}

const meta = { title: 'Components/KeyboardShortcuts', component: Demo, tags: ['autodocs'] } satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** `/` focuses the search, `n` acts only outside text fields, `?` opens the help, Escape closes it. */
export const Shortcuts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.keyboard('/');
    const box = canvas.getByRole('searchbox', { name: 'Search campuses' });
    await expect(box).toHaveFocus();
    await userEvent.keyboard('n');
    await expect(box).toHaveValue('n');
    await expect(canvas.getByText('Records added: 0')).toBeInTheDocument();
    (box as HTMLInputElement).blur();
    await userEvent.keyboard('n');
    await expect(canvas.getByText('Records added: 1')).toBeInTheDocument();
    await userEvent.keyboard('?');
    const help = await within(document.body).findByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(within(help).getByText('Search this list')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
  },
};
