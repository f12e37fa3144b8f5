import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, type ShouldRevalidateFunction } from '@remix-run/react';
import { rememberPath } from '../lib/redirect.server';
import { signedIn } from '../lib/request.server';
import { shellDataFor } from '../lib/shell.server';

/**
 * Every /app page: the signed-in user (else /auth), the route guard of spec §6 (a path outside the user's
 * scopes answers 401 with the error page), and the redirect cookie that remembers the page for 12 hours.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  // signedIn applies the guard.
  const { user } = await signedIn(request);
  const shell = await shellDataFor(request, user);
  return data(shell, { headers: { 'Set-Cookie': await rememberPath(request) } });
}

/** The guard and the redirect cookie must see every navigation, not only the first. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function AppLayout() {
  return <Outlet />;
}
