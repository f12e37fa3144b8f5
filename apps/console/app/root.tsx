import { data, type LoaderFunctionArgs, type MetaFunction, type LinksFunction } from '@remix-run/node';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useNavigation,
  useRouteError,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { LinkProvider, LoadingBar, useIsHydrated } from '@campus/ui';
import stylesUrl from '@campus/ui/styles.css?url';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ErrorPage, ErrorPageGuard } from './components/ErrorPage';
import { NoticeArea } from './components/NoticeArea';
import { RouterLink } from './components/RouterLink';
import { APP_TITLE } from './lib/constants';
import { takeNotice } from './lib/notice.server';
import { useNonce } from './lib/nonce.js';

/** The document of every page, public ones included: its loader reads only the flash notice. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: APP_TITLE }];

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesUrl },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { notice, setCookie } = await takeNotice(request);
  return data({ notice }, setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined);
}

/** The flash notice can be set by any action or loader, so the root loader runs on every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

/**
 * The document of every page (and of the error page). `data-hydrated` appears on `<html>` once the page has hydrated,
 * in the same render as the controls that only JavaScript adds (`useIsHydrated`), so a test — or a style — can tell
 * a page that runs its scripts from one still loading, on any page.
 */
export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const isHydrated = useIsHydrated();
  return (
    <html lang="en" data-hydrated={isHydrated ? 'true' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#7a1f2e" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** The top loading bar follows navigations and submissions; a failed load shows its failed state. */
function NavigationProgress() {
  const navigation = useNavigation();
  const isLoading = navigation.state !== 'idle';
  const [hasFailed, setFailed] = useState(false);
  const wasLoading = useRef(false);
  useEffect(() => {
    if (isLoading) setFailed(false);
    wasLoading.current = isLoading;
  }, [isLoading]);
  useEffect(() => {
    const onError = () => setFailed(true);
    window.addEventListener('cas:navigation-error', onError);
    return () => window.removeEventListener('cas:navigation-error', onError);
  }, []);
  return <LoadingBar isLoading={isLoading} hasFailed={hasFailed} />;
}

export default function App() {
  const { notice } = useLoaderData<typeof loader>();
  return (
    <LinkProvider value={RouterLink}>
      <NavigationProgress />
      <NoticeArea notice={notice} />
      <Outlet />
    </LinkProvider>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    window.dispatchEvent(new Event('cas:navigation-error'));
  }, [error]);
  let status = 500;
  let message: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    const body: unknown = error.data;
    message =
      typeof body === 'string' ? body : typeof (body as { message?: unknown })?.message === 'string' ? (body as { message: string }).message : error.statusText;
  } else if (error instanceof Error && import.meta.env.DEV) {
    message = error.message;
  }
  return (
    <ErrorPageGuard>
      <LinkProvider value={RouterLink}>
        <ErrorPage status={status} message={message} />
      </LinkProvider>
    </ErrorPageGuard>
  );
}
