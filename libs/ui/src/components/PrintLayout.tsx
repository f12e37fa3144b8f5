import { useId, type ReactNode } from 'react';
import { Button } from './Button.js';
import { useIsHydrated } from './useIsHydrated.js';

export interface PrintLayoutProps {
  readonly title: ReactNode;
  /** The issuing office above the title ("Human Resources Office"). */
  readonly organisation?: ReactNode;
  readonly subtitle?: ReactNode;
  /** A picture or logo at the top right (e.g. the employee's photo). */
  readonly aside?: ReactNode;
  /** Links or buttons beside Print (Back); left out of the printout. */
  readonly actions?: ReactNode;
  readonly printLabel?: string;
  readonly children: ReactNode;
}

/**
 * A document to print (a data sheet, a report): an A4-like sheet on screen with a toolbar (Print, once JavaScript
 * runs; the browser's own print works without it), and on paper only the sheet — no header, menu or toolbar.
 */
export function PrintLayout({
  title,
  organisation,
  subtitle,
  aside,
  actions,
  printLabel = 'Print',
  children,
}: PrintLayoutProps) {
  const isHydrated = useIsHydrated();
  const titleId = useId();
  return (
    <article className="cas-print" aria-labelledby={titleId}>
      {isHydrated || actions ? (
        <div className="cas-print__toolbar cas-no-print">
          {actions}
          {isHydrated ? <Button onPress={() => window.print()}>{printLabel}</Button> : null}
        </div>
      ) : null}
      <div className="cas-print__sheet">
        <div className="cas-print__head">
          <div>
            {organisation ? <p className="cas-print__organisation">{organisation}</p> : null}
            <h1 id={titleId} className="cas-print__title">
              {title}
            </h1>
            {subtitle ? <p className="cas-print__subtitle">{subtitle}</p> : null}
          </div>
          {aside ? <div className="cas-print__aside">{aside}</div> : null}
        </div>
        {children}
      </div>
    </article>
  );
}

/** One titled part of a printed document ("Personal information", "Family background"). */
export function PrintSection({
  title,
  children,
}: {
  readonly title: ReactNode;
  readonly children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="cas-print__section" aria-labelledby={id}>
      <h2 id={id} className="cas-print__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
