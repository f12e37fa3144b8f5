import { isRouteErrorResponse, useRouteError } from '@remix-run/react';

/**
 * The error of a resource screen, shown inside the admin layout so the menu stays usable (spec §8: the message
 * or `Error`, with the status, 500 by default; 404 says `This page could not be found`).
 */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const data: unknown = isRouteErrorResponse(error) ? error.data : undefined;
  const message =
    status === 404
      ? 'This page could not be found'
      : (typeof data === 'object' &&
          data &&
          'message' in data &&
          typeof data.message === 'string' &&
          data.message) ||
        (typeof data === 'string' && data) ||
        'Error';
  return (
    <section className="cas-error-page" aria-labelledby="resource-error-title">
      <p className="cas-error-page__status">{status}</p>
      <h1 id="resource-error-title" className="cas-error-page__message">
        {message}
      </h1>
      <a className="cas-button" href={status === 404 ? '/' : '/app'}>
        {status === 404 ? 'Back to the home page' : 'Go back to home'}
      </a>
    </section>
  );
}
