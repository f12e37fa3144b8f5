import { data, redirect, type ActionFunctionArgs } from '@remix-run/node';
import { menuCookie } from '../lib/preferences.server';
import { isSafeReturnPath } from '../lib/redirect.server';
import { assertSameOrigin } from '../lib/security.server';

/** The menu preference is a cookie of the browser, kept with or without a session. */
export const publicPage = true;

/**
 * Collapses or expands the admin side menu (cookie, so it survives reloads). A plain form post comes back to
 * `returnTo`; a background submission gets a small answer.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const collapsed = form.get('collapsed') === 'true';
  const headers = { 'Set-Cookie': await menuCookie(request, collapsed) };
  const returnTo = form.get('returnTo');
  if (returnTo !== null) throw redirect(isSafeReturnPath(returnTo) ? returnTo : '/app', { headers });
  return data({ collapsed }, { headers });
}

export function loader() {
  throw redirect('/app');
}
