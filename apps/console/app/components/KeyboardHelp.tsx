import { useNavigate } from '@remix-run/react';
import { useMemo, useState } from 'react';
import { Icon, KeyboardHelpDialog, useIsHydrated, useKeyboardShortcuts, type KeyboardShortcut } from '@campus/ui';

/** The console's shortcuts, as the help dialog documents them. */
export const SHORTCUTS: readonly KeyboardShortcut[] = [
  { key: '/', description: 'Search this list' },
  { key: 'n', description: 'Add a record to this list (on a list)' },
  { key: '?', description: 'Show these keyboard shortcuts' },
  { key: 'Esc', description: 'Close a dialog, the menu or a list of choices' },
  { key: '↑ ↓ Enter', description: 'In a reference field, move through the choices and take one' },
];
const NOTE = 'On a create form, "Save and add another" saves the record and opens a new, empty form.';

/**
 * The admin pages' keyboard shortcuts and their help: `/` focuses the list's search, `n` opens the list's create
 * form, `?` opens the help dialog. Lists mark their search box and their add link with `data-shortcut`, so this
 * names no screen. Shortcuts need JavaScript, so the header's help button appears only once it runs.
 */
export function KeyboardHelp() {
  const navigate = useNavigate();
  const [isOpen, setIsOpen] = useState(false);
  const isHydrated = useIsHydrated();
  const handlers = useMemo(
    () => ({
      '/': () => {
        const search = document.querySelector<HTMLInputElement>('[data-shortcut="search"]');
        if (!search) return false;
        search.focus();
        search.select();
      },
      n: () => {
        const add = document.querySelector<HTMLAnchorElement>('a[data-shortcut="new"]');
        const href = add?.getAttribute('href');
        if (!href) return false;
        navigate(href);
      },
      '?': () => setIsOpen(true),
    }),
    [navigate],
  );
  useKeyboardShortcuts(handlers);
  if (!isHydrated) return null;
  return (
    <>
      <button
        type="button"
        className="cas-button cas-button--ghost cas-button--icon"
        aria-label="Keyboard shortcuts"
        aria-haspopup="dialog"
        aria-keyshortcuts="?"
        title="Keyboard shortcuts (?)"
        onClick={() => setIsOpen(true)}
      >
        <Icon name="keyboard" />
      </button>
      <KeyboardHelpDialog isOpen={isOpen} onOpenChange={setIsOpen} shortcuts={SHORTCUTS} note={NOTE} />
    </>
  );
}
