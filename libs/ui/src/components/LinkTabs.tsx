import { formatCount } from '@campus/formatters';
import { useLinkComponent } from './Link.js';

export interface LinkTab {
  readonly href: string;
  readonly label: string;
  /** A count after the label ("Unanswered 12"). */
  readonly count?: number;
}

export interface LinkTabsProps {
  /** Names the tab row for assistive technology ("Responses views"). */
  readonly label: string;
  readonly tabs: readonly LinkTab[];
  /** The `href` of the tab showing now. */
  readonly current: string;
}

/**
 * Tabs that are links: each view has its own URL (so it works without JavaScript, reloads and shares), the current
 * one marked `aria-current="page"`. It is navigation, not an ARIA tab list; on a phone the row scrolls sideways.
 */
export function LinkTabs({ label, tabs, current }: LinkTabsProps) {
  const Link = useLinkComponent();
  return (
    <nav aria-label={label} className="cas-tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <Link
              href={tab.href}
              className="cas-tabs__tab"
              aria-current={tab.href === current ? 'page' : undefined}
            >
              {tab.label}
              {tab.count === undefined ? null : (
                <span className="cas-tabs__count">{formatCount(tab.count)}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
