import type { ReactNode } from 'react';

export interface HomeLayoutProps {
  header: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** Home layout (spec §2): header, then the application cards. */
export function HomeLayout({ header, children, footer }: HomeLayoutProps) {
  return (
    <div className="cas-layout-home">
      <a className="cas-skip-link" href="#main">
        Skip to content
      </a>
      {header}
      <main id="main" className="cas-layout-home__content cas-page" tabIndex={-1}>
        {children}
      </main>
      {footer ? <footer className="cas-layout-home__footer">{footer}</footer> : null}
    </div>
  );
}

export interface SiteBannerProps {
  /** The product's or the university's name. */
  title: string;
  /** Where the name leads (the sign-in page, the public home); plain text when absent. */
  href?: string;
  /** e.g. `cas-no-print` above a document to print. */
  className?: string;
}

/** The banner of a page outside the console (sign-in, recovery, public chat, support form, kiosk): the name. */
export function SiteBanner({ title, href, className }: SiteBannerProps) {
  return (
    <header className={className ? `cas-site-banner ${className}` : 'cas-site-banner'}>
      <span className="cas-site-banner__mark" aria-hidden="true" />
      {href ? (
        <a className="cas-site-banner__title" href={href}>
          {title}
        </a>
      ) : (
        <span className="cas-site-banner__title">{title}</span>
      )}
    </header>
  );
}

export interface AuthLayoutProps {
  /** The side panel: logo, mission and vision. */
  panel: ReactNode;
  /** The name in the banner above the form. */
  title: string;
  children: ReactNode;
}

/** Auth layout (spec §2): the form column, under the banner, beside a side panel. */
export function AuthLayout({ panel, title, children }: AuthLayoutProps) {
  return (
    <div className="cas-layout-auth">
      <div className="cas-layout-auth__column">
        <SiteBanner title={title} />
        <main id="main" className="cas-layout-auth__form cas-page">
          {children}
        </main>
      </div>
      <aside className="cas-layout-auth__panel" aria-label="About the university">
        {panel}
      </aside>
    </div>
  );
}

export interface DashboardLayoutProps {
  banner: ReactNode;
  header?: ReactNode;
  children: ReactNode;
}

/** Dashboard layout (spec §2): a banner image above the content. */
export function DashboardLayout({ banner, header, children }: DashboardLayoutProps) {
  return (
    <div className="cas-layout-dashboard">
      {header}
      <div className="cas-layout-dashboard__banner">
        <div className="cas-layout-dashboard__banner-inner">{banner}</div>
      </div>
      <main id="main" className="cas-layout-dashboard__content cas-page" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export interface DefaultLayoutProps {
  /** The name in the banner above the content. */
  title: string;
  children: ReactNode;
}

/** Default layout: the banner, then just the content, centred. */
export function DefaultLayout({ title, children }: DefaultLayoutProps) {
  return (
    <>
      <SiteBanner title={title} href="/" />
      <main id="main" className="cas-layout-default cas-page">
        {children}
      </main>
    </>
  );
}
