import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { Button, DefaultLayout } from '@campus/ui';
import { LOGOUT_QUESTION, LOGOUT_TITLE } from '../components/LogoutControl';
import { ContinueSigningOut } from '../components/ContinueSigningOut';
import { FormNotice } from '../components/FormNotice';
import { APP_TITLE } from '../lib/constants';
import { readSession } from '../lib/cookies.server';
import { assertSameOrigin } from '../lib/security.server';
import { revokeAtApi, SIGN_OUT_FAILED, signedOutHeaders, signedOutRedirect, takeContinueSigningOut } from '../lib/sign-out.server';

/** Logout: open with or without a session (without one there is nothing to end). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `${LOGOUT_TITLE} · ${APP_TITLE}` }];

/**
 * The confirmation page used without JavaScript (with it, the same question is a dialog). After a sign-out that
 * ended sessions elsewhere too (sign out everywhere), the page that sends the browser on to the applications.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await takeContinueSigningOut(request);
  if (pending) return data({ continueTo: pending.continueTo }, { headers: { 'Set-Cookie': pending.setCookie } });
  const { token } = await readSession(request);
  if (!token) throw redirect('/auth');
  return data({ continueTo: undefined });
}

/**
 * Logout (spec §4): the API is told first, and only once the token is dead — revoked, or already expired — are the
 * session cookie and the current user cleared and the user sent to the root path. When the API cannot be reached
 * the user stays signed in and is told so, with the same question to try again, instead of a sign-out that only
 * looks done. When the session had signed in to applications that are told through the browser (SAML single
 * logout), the browser goes to the API's address for that first, and comes back to the root path from there.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { token, userId } = await readSession(request);
  if (token && userId) {
    const signedOut = await revokeAtApi(token, userId, false, request);
    if (!signedOut) return data({ notice: SIGN_OUT_FAILED }, { status: 503 });
    // A page, not a redirect: the page's form-action policy does not let a posted form be redirected elsewhere.
    if (signedOut.continueTo) return data({ continueTo: signedOut.continueTo }, { headers: await signedOutHeaders(request) });
  }
  throw await signedOutRedirect(request, '/');
}

/**
 * Not after a sign-out that continues elsewhere: the loader of a signed-out browser sends it to /auth, and the page
 * must stay to send it on to the applications first.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === 'object' && 'continueTo' in actionResult ? false : defaultShouldRevalidate;

export default function LogoutPage() {
  const result = useActionData<typeof action>();
  const loaded = useLoaderData<typeof loader>();
  const continueTo = result && 'continueTo' in result ? result.continueTo : loaded.continueTo;
  if (continueTo) {
    return (
      <DefaultLayout title={APP_TITLE}>
        <ContinueSigningOut to={continueTo} />
      </DefaultLayout>
    );
  }
  return (
    <DefaultLayout title={APP_TITLE}>
      <section className="cas-panel" style={{ maxWidth: 440, margin: '10vh auto' }} aria-labelledby="logout-title">
        <h1 id="logout-title" className="cas-dialog__title">
          {LOGOUT_TITLE}
        </h1>
        <FormNotice notice={result && 'notice' in result ? result.notice : undefined} />
        <p className="cas-dialog__description">{LOGOUT_QUESTION}</p>
        <div className="cas-dialog__actions">
          <Link to="/app" className="cas-button cas-button--secondary">
            Cancel
          </Link>
          <Form method="post">
            <Button type="submit">OK</Button>
          </Form>
        </div>
      </section>
    </DefaultLayout>
  );
}
