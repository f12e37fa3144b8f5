import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Scroll animations (spec §9): 600 ms, played once, and not at all under 640 px. */
export const REVEAL = { duration: 600, minWidth: 640 } as const;

export interface RevealProps {
  children: ReactNode;
  as?: 'div' | 'section' | 'li';
  className?: string;
}

/**
 * Fades its content in the first time it scrolls into view. Content is visible without JavaScript, on narrow
 * screens and with reduced motion; only a wide screen with JavaScript hides it until it appears.
 */
export function Reveal({ children, as: Tag = 'div', className }: RevealProps) {
  const ref = useRef<HTMLElement | null>(null);
  const [state, setState] = useState<'static' | 'pending' | 'shown'>('static');
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    if (!window.matchMedia?.(`(min-width: ${REVEAL.minWidth}px)`).matches) return;
    const rect = el.getBoundingClientRect();
    if (rect.top < window.innerHeight) return; // already in view: nothing to reveal
    setState('pending');
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setState('shown');
        observer.disconnect(); // once
      }
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Tag
      ref={(node: HTMLElement | null) => {
        ref.current = node;
      }}
      className={className ? `cas-reveal ${className}` : 'cas-reveal'}
      data-reveal={state === 'static' ? undefined : state}
    >
      {children}
    </Tag>
  );
}
