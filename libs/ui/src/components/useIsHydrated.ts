import { useEffect, useRef, useState, type MutableRefObject, type RefObject } from 'react';

/** Whether the page has hydrated: controls that need JavaScript appear only then. */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}

/**
 * `useIsHydrated` for a native control that JavaScript replaces or takes over: `ref` goes on the control rendered
 * before hydration, and at hydration `value` becomes what the control holds then — a choice made while the page was
 * still loading is carried over rather than lost.
 */
export function useValueKeptAtHydration<E extends HTMLSelectElement | HTMLInputElement>(
  initial: string,
): { readonly isHydrated: boolean; readonly value: string; readonly ref: MutableRefObject<E | null> } {
  const ref = useRef<E | null>(null);
  const [state, setState] = useState({ isHydrated: false, value: initial });
  useEffect(() => {
    const held = ref.current?.value;
    setState({ isHydrated: true, value: held ?? initial });
    // Once, at hydration.
  }, []);
  return { isHydrated: state.isHydrated, value: state.value, ref };
}

/**
 * For a control whose value React holds in state: what a person typed or chose in it while the page was still
 * loading is in the element but not in the state, and the first render after hydration would put the element back.
 * Once, when the control mounts, the element's value is handed to `take` if it differs from `current` (a passive
 * effect: with a layout effect in every field of a long form, a combobox missed its first key press after hydration).
 */
export function useTakeOverAtHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null>,
  current: string,
  take: (held: string) => void,
): void {
  useEffect(() => {
    const held = ref.current?.value;
    if (held !== undefined && held !== current) take(held);
    // Once, at hydration.
  }, []);
}
