import { useEffect, useRef, useState, type CSSProperties } from 'react';

/** Loading bar timings of spec §4 / §9, in milliseconds. */
export const LOADING_BAR_TIMING = { throttle: 200, duration: 5000, hideDelay: 500 } as const;

export type LoadingBarState = 'idle' | 'loading' | 'done' | 'failed';

export interface LoadingBarProps {
  /** True while a navigation or submission is pending. */
  isLoading: boolean;
  /** True when the last load failed: the bar shows its failed state before hiding. */
  hasFailed?: boolean;
  timing?: { throttle: number; duration: number; hideDelay: number };
}

/**
 * The top loading bar: appears only when loading lasts longer than the 200 ms throttle, grows over about 5 s,
 * completes when loading ends, then hides after 500 ms; shows a failed (red) state on error.
 */
export function LoadingBar({ isLoading, hasFailed = false, timing = LOADING_BAR_TIMING }: LoadingBarProps) {
  const [state, setState] = useState<LoadingBarState>('idle');
  const stateRef = useRef(state);
  stateRef.current = state;

  useEffect(() => {
    if (isLoading) {
      const start = setTimeout(() => setState('loading'), timing.throttle);
      return () => clearTimeout(start);
    }
    if (stateRef.current === 'idle') return;
    setState(hasFailed ? 'failed' : 'done');
    const hide = setTimeout(() => setState('idle'), timing.hideDelay);
    return () => clearTimeout(hide);
  }, [isLoading, hasFailed, timing.throttle, timing.hideDelay]);

  const style = { '--cas-loading-duration': `${timing.duration}ms` } as CSSProperties;
  const isVisible = state !== 'idle';
  return (
    <div
      className="cas-loading-bar"
      data-state={state}
      style={style}
      role="progressbar"
      aria-label="Loading"
      aria-hidden={isVisible ? undefined : true}
      aria-busy={state === 'loading' ? true : undefined}
      hidden={!isVisible}
    >
      <div className="cas-loading-bar__fill" />
    </div>
  );
}
