import { useId, type ReactNode } from 'react';

export interface RecordPageProps {
  readonly title: ReactNode;
  /** A line above the title: the record's reference ("SUP-000319") or kind. */
  readonly eyebrow?: ReactNode;
  /** Status pills beside the title. */
  readonly pills?: ReactNode;
  /** The page's actions, top right (buttons, links, a menu). */
  readonly actions?: ReactNode;
  /** The side panel: the record's details in `SidePanelSection`s. Stacks under the main column below lg (977 px). */
  readonly side?: ReactNode;
  /** Names the side panel landmark ("Ticket details"). */
  readonly sideLabel?: string;
  /** The title's heading level (1 by default: a record page is the page). */
  readonly headingLevel?: 1 | 2;
  /** The main column: the work itself (the conversation, the form). */
  readonly children: ReactNode;
}

/**
 * The page of one record: title with its reference, status pills and actions on top; the main column first (the
 * work) and a side panel of details beside it, below it on tablets and phones. It draws no `<main>` or banner: it
 * sits inside the layout's.
 */
export function RecordPage({
  title,
  eyebrow,
  pills,
  actions,
  side,
  sideLabel = 'Details',
  headingLevel = 1,
  children,
}: RecordPageProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="cas-record" data-has-side={side ? true : undefined}>
      <div className="cas-record__header">
        <div className="cas-record__titles">
          {eyebrow ? <p className="cas-record__eyebrow">{eyebrow}</p> : null}
          <div className="cas-record__title-row">
            <Heading className="cas-record__title">{title}</Heading>
            {pills ? <div className="cas-record__pills">{pills}</div> : null}
          </div>
        </div>
        {actions ? <div className="cas-record__actions">{actions}</div> : null}
      </div>
      <div className="cas-record__body">
        <div className="cas-record__main">{children}</div>
        {side ? (
          <aside className="cas-record__side" aria-label={sideLabel}>
            {side}
          </aside>
        ) : null}
      </div>
    </div>
  );
}

export interface SidePanelSectionProps {
  readonly title: ReactNode;
  readonly children: ReactNode;
  /** An action beside the section title ("Edit"). */
  readonly action?: ReactNode;
}

/** One titled box of a record page's side panel (Requester, SLA, Assignment). */
export function SidePanelSection({ title, children, action }: SidePanelSectionProps) {
  const id = useId();
  return (
    <section className="cas-side-section" aria-labelledby={id}>
      <div className="cas-side-section__head">
        <h2 id={id} className="cas-side-section__title">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
