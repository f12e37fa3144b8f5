import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { breakpointFor } from './breakpoints.js';
import { LOADING_BAR_TIMING, LoadingBar } from './LoadingBar.js';
import { failureNotice } from './Notice.js';

const state = () => document.querySelector('.cas-loading-bar')?.getAttribute('data-state');

describe('LoadingBar (spec §4: 200 ms throttle, 5 s run, hides 500 ms after finishing)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the spec timings', () => {
    expect(LOADING_BAR_TIMING).toEqual({ throttle: 200, duration: 5000, hideDelay: 500 });
  });

  it('stays hidden for a load shorter than the throttle', () => {
    const { rerender } = render(<LoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(150));
    rerender(<LoadingBar isLoading={false} />);
    act(() => vi.advanceTimersByTime(1000));
    expect(state()).toBe('idle');
  });

  it('starts after 200 ms, finishes, and hides after 500 ms', () => {
    const { rerender } = render(<LoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(199));
    expect(state()).toBe('idle');
    act(() => vi.advanceTimersByTime(1));
    expect(state()).toBe('loading');
    rerender(<LoadingBar isLoading={false} />);
    expect(state()).toBe('done');
    act(() => vi.advanceTimersByTime(499));
    expect(state()).toBe('done');
    act(() => vi.advanceTimersByTime(1));
    expect(state()).toBe('idle');
  });

  it('shows the failed state when the load fails', () => {
    const { rerender } = render(<LoadingBar isLoading />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<LoadingBar isLoading={false} hasFailed />);
    expect(state()).toBe('failed');
  });
});

describe('breakpointFor (spec §9: sm 561, md 753, lg 977, xl 1185)', () => {
  it.each([
    [375, 'xs'],
    [560, 'xs'],
    [561, 'sm'],
    [752, 'sm'],
    [753, 'md'],
    [976, 'md'],
    [977, 'lg'],
    [1184, 'lg'],
    [1185, 'xl'],
    [1920, 'xl'],
  ] as const)('%i px is %s', (width, bp) => {
    expect(breakpointFor(width)).toBe(bp);
  });
});

describe('failureNotice (spec §8)', () => {
  it.each([
    ['Campus not found.', 'Campus not found.'],
    ['', 'We cannot process your transaction, please contact the administrator.'],
    [undefined, 'We cannot process your transaction, please contact the administrator.'],
    ['   ', 'We cannot process your transaction, please contact the administrator.'],
  ])('shows %j as %j under the title An error occured', (message, description) => {
    expect(failureNotice(message)).toEqual({ tone: 'error', title: 'An error occured', description });
  });
});
