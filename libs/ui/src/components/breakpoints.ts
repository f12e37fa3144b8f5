import { useEffect, useState } from 'react';

/** Responsive breakpoints of spec §9, in px (min widths). */
export const BREAKPOINTS = { sm: 561, md: 753, lg: 977, xl: 1185 } as const;
export type Breakpoint = 'xs' | keyof typeof BREAKPOINTS;
/** Resize events are throttled to one per 200 ms. */
export const BREAKPOINT_THROTTLE_MS = 200;

export function breakpointFor(width: number): Breakpoint {
  if (width >= BREAKPOINTS.xl) return 'xl';
  if (width >= BREAKPOINTS.lg) return 'lg';
  if (width >= BREAKPOINTS.md) return 'md';
  if (width >= BREAKPOINTS.sm) return 'sm';
  return 'xs';
}

/** The current breakpoint, updated at most every 200 ms while resizing; `lg` on the server. */
export function useBreakpoint(): Breakpoint {
  const [bp, setBp] = useState<Breakpoint>('lg');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => setBp(breakpointFor(window.innerWidth));
    const onResize = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        update();
      }, BREAKPOINT_THROTTLE_MS);
    };
    update();
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return bp;
}
