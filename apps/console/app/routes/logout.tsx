import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { Button, DefaultLayout } from '@campus/ui';
import { LOGOUT_QUESTION, LOGOUT_TITLE } from '../components/LogoutControl';
import { FormNotice } from '../components/FormNotice';
import { APP_TITLE } from '../lib/constants';
import { readSession } from '../lib/cookies.server';
import { assertSameOrigin } from '../lib/security.server';
import { revokeAtApi, SIGN_OUT_FAILED, signedOutRedirect } from '../lib/sign-out.server';

/** Logout: open with or without a session (without one there is nothing to end). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `${LOGOUT_TITLE} · ${APP_TITLE}` }];

/** The confirmation page used without JavaScript (with it, the same question is a dialog). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await readSession(request);
  if (!token) throw redirect('/auth');
  return null;
}

/**
 * Logout (spec §4): the API is told first, and only once the token is dead — revoked, or already expired — are the
 * session cookie and the current user cleared and the user sent to the root path. When the API cannot be reached
 * the user stays signed in and is told so, with the same question to try again, instead of a sign-out that only
 * looks done.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { token, userId } = await readSession(request);
  if (token && userId && !(await revokeAtApi(token, userId, false, request))) {
    return data({ notice: SIGN_OUT_FAILED }, { status: 503 });
  }
  throw await signedOutRedirect(request, '/');
}

export default function LogoutPage() {
  const result = useActionData<typeof action>();
  return (
    <DefaultLayout title={APP_TITLE}>
      <section className="cas-panel" style={{ maxWidth: 440, margin: '10vh auto' }} aria-labelledby="logout-title">
        <h1 id="logout-title" className="cas-dialog__title">
          {LOGOUT_TITLE}
        </h1>
        <FormNotice notice={result?.notice} />
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
