import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { Button, DefaultLayout } from '@campus/ui';
import { LOGOUT_QUESTION, LOGOUT_TITLE } from '../components/LogoutControl';
import { apiWithToken } from '../lib/api.server';
import { clientIdsInRequest, clientTokenCookie, cookiesFor } from '../lib/cookies.server';
import { APP_TITLE } from '../lib/constants';
import { readSession } from '../lib/session.server';
import { assertSameOrigin } from '../lib/security.server';

export const meta: MetaFunction = () => [{ title: `${LOGOUT_TITLE} · ${APP_TITLE}` }];

/** The confirmation page used without JavaScript (with it, the same question is a dialog). */
export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await readSession(request);
  if (!token) throw redirect('/auth');
  return null;
}

/**
 * Logout (spec §4): the session cookie and the current user are cleared, then the API is told (its failure
 * does not keep anyone signed in), and the user goes to the root path.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { token, userId } = await readSession(request);
  const { session: storage } = cookiesFor(request);
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.destroySession(await storage.getSession(request.headers.get('cookie'))));
  for (const clientId of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, clientId, null));
  if (token && userId) {
    try {
      await apiWithToken(token).signOut({ params: { userId } });
    } catch (error) {
      console.error('Logout: the API could not be told', error);
    }
  }
  throw redirect('/', { headers });
}

export default function LogoutPage() {
  return (
    <DefaultLayout>
      <section className="cas-panel" style={{ maxWidth: 440, margin: '10vh auto' }} aria-labelledby="logout-title">
        <h1 id="logout-title" className="cas-dialog__title">
          {LOGOUT_TITLE}
        </h1>
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
