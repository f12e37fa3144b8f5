import { useEffect } from 'react';
import { Dialog } from './Dialog.js';

/** One keyboard shortcut: the key as typed (`/`, `n`, `?`) and what it does. */
export interface KeyboardShortcut {
  readonly key: string;
  readonly description: string;
}

/** Whether a key press belongs to a field the user is typing in (shortcuts then stay out of the way). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color'].includes(type);
}

/**
 * Calls `handlers[key]` for single-key shortcuts pressed outside text fields and without Ctrl, Alt or Meta (so
 * browser and screen-reader keys are left alone); a handler returning `false` lets the key through.
 */
export function useKeyboardShortcuts(handlers: Readonly<Record<string, () => boolean | void>>, isEnabled = true): void {
  useEffect(() => {
    if (!isEnabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return;
      if (isTyping(event.target)) return;
      // A dialog that is open owns the keyboard.
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const handler = handlers[event.key];
      if (handler && handler() !== false) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [handlers, isEnabled]);
}

export interface KeyboardHelpDialogProps {
  readonly isOpen: boolean;
  readonly onOpenChange: (isOpen: boolean) => void;
  readonly shortcuts: readonly KeyboardShortcut[];
  /** A sentence after the list (e.g. about a form's buttons). */
  readonly note?: string;
}

/** The keyboard help (opened with `?`): each shortcut's key and what it does. */
export function KeyboardHelpDialog({ isOpen, onOpenChange, shortcuts, note }: KeyboardHelpDialogProps) {
  return (
    <Dialog isOpen={isOpen} onOpenChange={onOpenChange} title="Keyboard shortcuts">
      <dl className="cas-shortcuts">
        {shortcuts.map((s) => (
          <div key={s.key} className="cas-shortcuts__row">
            <dt>
              <kbd className="cas-kbd">{s.key}</kbd>
            </dt>
            <dd>{s.description}</dd>
          </div>
        ))}
      </dl>
      {note ? <p className="cas-shortcuts__note">{note}</p> : null}
      <div className="cas-dialog__actions">
        <button type="button" className="cas-button" onClick={() => onOpenChange(false)}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
