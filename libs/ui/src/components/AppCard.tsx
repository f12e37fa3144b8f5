import type { MouseEvent, ReactNode } from 'react';
import { useLinkComponent } from './Link.js';

export interface AppCardProps {
  title: string;
  description: string;
  href: string;
  icon?: ReactNode;
  /** A card outside the user's scopes looks not-allowed; opening it shows `No Access`. */
  isAllowed?: boolean;
  /** Called instead of navigating when a not-allowed card is opened with JavaScript. */
  onDenied?: () => void;
}

/**
 * A launcher card: 150 px high, description clamped to two lines (spec §2). A not-allowed card looks
 * not-allowed and says `No Access` in its name, but stays an operable link (opening it explains the refusal),
 * so it is not marked `aria-disabled`; it works without JavaScript too.
 */
export function AppCard({ title, description, href, icon, isAllowed = true, onDenied }: AppCardProps) {
  const Link = useLinkComponent();
  const onClick =
    !isAllowed && onDenied
      ? (e: MouseEvent<HTMLAnchorElement>) => {
          e.preventDefault();
          onDenied();
        }
      : undefined;
  return (
    <Link
      href={href}
      className={isAllowed ? 'cas-card' : 'cas-card cas-card--not-allowed'}
      data-allowed={isAllowed ? 'true' : 'false'}
      onClick={onClick}
    >
      {icon ? (
        <span className="cas-card__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <span>
        <span className="cas-card__title" role="heading" aria-level={2}>
          {title}
        </span>
        <span className="cas-card__description">{description}</span>
        {isAllowed ? null : <span className="cas-card__status">No Access</span>}
      </span>
    </Link>
  );
}
