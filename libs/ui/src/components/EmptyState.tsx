import type { ReactNode } from 'react';
import { Icon, type IconName } from './Icon.js';

export interface EmptyStateProps {
  readonly title: ReactNode;
  readonly description?: ReactNode;
  /** What to do next: a button or link. */
  readonly action?: ReactNode;
  readonly icon?: IconName;
  /** The heading's level in the page (2 by default). */
  readonly headingLevel?: 2 | 3 | 4;
}

/** What a list or panel shows when it has nothing yet: a title, a line of help and the next step. */
export function EmptyState({
  title,
  description,
  action,
  icon = 'folder',
  headingLevel = 2,
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="cas-empty">
      <span className="cas-empty__icon">
        <Icon name={icon} size={28} />
      </span>
      <Heading className="cas-empty__title">{title}</Heading>
      {description ? <p className="cas-empty__description">{description}</p> : null}
      {action ? <div className="cas-empty__action">{action}</div> : null}
    </div>
  );
}
