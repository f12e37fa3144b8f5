import type { CodedOption } from './coded.js';

/** A status field's values, the value a new record starts in, and the allowed moves between values. */
export interface StatusLifecycle<S extends string = string> {
  readonly values: readonly CodedOption<S>[];
  readonly initial: S;
  readonly transitions: Readonly<Record<S, readonly S[]>>;
}

export function defineLifecycle<const S extends string>(lifecycle: StatusLifecycle<S>): StatusLifecycle<S> {
  for (const [from, targets] of Object.entries(lifecycle.transitions) as [S, readonly S[]][]) {
    for (const to of targets) {
      if (!lifecycle.values.some((v) => v.value === to)) throw new Error(`Unknown status ${to} after ${from}.`);
    }
  }
  return lifecycle;
}

/** Staying in the same status is always allowed; otherwise the move must be listed. */
export function canTransition<S extends string>(lifecycle: StatusLifecycle<S>, from: S, to: S): boolean {
  return from === to || (lifecycle.transitions[from] ?? []).includes(to);
}

export function nextStatuses<S extends string>(lifecycle: StatusLifecycle<S>, from: S): readonly S[] {
  return lifecycle.transitions[from] ?? [];
}
