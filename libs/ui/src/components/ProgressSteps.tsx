import { useLinkComponent } from './Link.js';
import { Icon } from './Icon.js';

export interface ProgressStep {
  readonly label: string;
  /** Where a finished step can be revisited; no link when left out. */
  readonly href?: string;
}

export interface ProgressStepsProps {
  /** Names the steps for assistive technology ("Upload steps"). */
  readonly label: string;
  readonly steps: readonly ProgressStep[];
  /** Index of the step the person is on (0-based). */
  readonly current: number;
}

/**
 * A stepper (file → preview → run): finished steps ticked (and links back when they have `href`), the current one
 * marked `aria-current="step"`, later ones muted. Each step's state is also in words for screen readers.
 */
export function ProgressSteps({ label, steps, current }: ProgressStepsProps) {
  const Link = useLinkComponent();
  return (
    <nav aria-label={label} className="cas-steps">
      <ol>
        {steps.map((step, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
          const marker = (
            <span className="cas-steps__marker" aria-hidden="true">
              {state === 'done' ? <Icon name="check" size={16} /> : i + 1}
            </span>
          );
          const text = (
            <>
              {marker}
              <span className="cas-steps__label">{step.label}</span>
              <span className="cas-visually-hidden">
                {state === 'done' ? ' (done)' : state === 'current' ? ' (current step)' : ''}
              </span>
            </>
          );
          return (
            <li key={step.label} data-state={state}>
              {state === 'done' && step.href ? (
                <Link href={step.href} className="cas-steps__item">
                  {text}
                </Link>
              ) : (
                <span className="cas-steps__item" aria-current={state === 'current' ? 'step' : undefined}>
                  {text}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
