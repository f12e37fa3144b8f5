import { Component, type ReactNode } from 'react';
import { DefaultLayout, SiteBanner } from '@campus/ui';
import { APP_TITLE } from '../lib/constants';

export const NOT_FOUND_MESSAGE = 'This page could not be found';
export const ERROR_PAGE_FAILED_MESSAGE = 'An error occurred while showing the error page';

export interface ErrorPageProps {
  status: number;
  message?: string;
}

/**
 * The error screen of spec §8: the message or `Error` with the status (default 500); for 404, `This page could
 * not be found` with `Back to the home page`.
 */
export function ErrorPage({ status, message }: ErrorPageProps) {
  const isNotFound = status === 404;
  const text = isNotFound ? NOT_FOUND_MESSAGE : message?.trim() || 'Error';
  return (
    <DefaultLayout title={APP_TITLE}>
      <section className="cas-error-page" aria-labelledby="error-title">
        <p className="cas-error-page__status">{status}</p>
        <h1 id="error-title" className="cas-error-page__message">
          {text}
        </h1>
        <a className="cas-button" href={isNotFound ? '/' : '/app'}>
          {isNotFound ? 'Back to the home page' : 'Go back to home'}
        </a>
      </section>
    </DefaultLayout>
  );
}

/** What shows when the error page itself fails to render. */
export function ErrorPageFailed() {
  return (
    <>
      <SiteBanner title={APP_TITLE} href="/" />
      <main id="main" className="cas-error-page">
        <h1 className="cas-error-page__message">{ERROR_PAGE_FAILED_MESSAGE}</h1>
        <a className="cas-button" href="/">
          Go back to home
        </a>
      </main>
    </>
  );
}

/** Catches a failure while rendering an error page and shows `ErrorPageFailed` instead. */
export class ErrorPageGuard extends Component<{ children: ReactNode }, { hasFailed: boolean }> {
  override state = { hasFailed: false };

  static getDerivedStateFromError() {
    return { hasFailed: true };
  }

  override render() {
    return this.state.hasFailed ? <ErrorPageFailed /> : this.props.children;
  }
}
