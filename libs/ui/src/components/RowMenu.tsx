import { useEffect, useRef, type ReactNode } from 'react';
import { Icon } from './Icon.js';

export interface RowMenuProps {
  /** Names the menu for assistive technology ("Actions for students.csv"). */
  readonly label: string;
  /** The visible word on the toggle; the label is read instead. */
  readonly text?: string;
  /** Links, or forms with a button, one per action. */
  readonly children: ReactNode;
}

/**
 * A row's actions folded behind one compact toggle, so a table row stays one line tall. It is a `<details>`: it
 * opens and its links and forms work without JavaScript; with JavaScript a click outside, Escape or a form posted
 * from it closes it.
 */
export function RowMenu({ label, text = 'Actions', children }: RowMenuProps) {
  const ref = useRef<HTMLDetailsElement | null>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = (e: Event) => {
      if (!details.open) return;
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        details.open = false;
        details.querySelector('summary')?.focus();
        return;
      }
      if (!details.contains(e.target as Node)) details.open = false;
    };
    // An action taken from the menu (a form posted, which may leave the page as it is) closes it.
    const done = () => {
      details.open = false;
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    details.addEventListener('submit', done);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
      details.removeEventListener('submit', done);
    };
  }, []);
  return (
    <details ref={ref} className="cas-row-menu">
      <summary className="cas-row-menu__toggle" aria-label={label}>
        <span aria-hidden="true">{text}</span>
        <Icon name="chevronDown" size={14} />
      </summary>
      <div className="cas-row-menu__list">{children}</div>
    </details>
  );
}
