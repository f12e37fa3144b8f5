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

export interface AuthLayoutProps {
  /** The side panel: logo, mission and vision. */
  panel: ReactNode;
  children: ReactNode;
}

/** Auth layout (spec §2): the form column beside a side panel. */
export function AuthLayout({ panel, children }: AuthLayoutProps) {
  return (
    <div className="cas-layout-auth">
      <main id="main" className="cas-layout-auth__form cas-page">
        {children}
      </main>
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
  children: ReactNode;
}

/** Default layout: just the content, centred. */
export function DefaultLayout({ children }: DefaultLayoutProps) {
  return (
    <main id="main" className="cas-layout-default cas-page">
      {children}
    </main>
  );
}
