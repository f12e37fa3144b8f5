import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { NO_ACCESS_MESSAGE, NO_ACCESS_TITLE } from '@campus/domain-iam';
import { ButtonLink, DefaultLayout } from '@campus/ui';
import { anotherAccountPath, describeSignInRequest, signInRequestId } from '../areas/access-management/sign-in-request.server';
import { isValidClientId } from '../lib/cookies.server';
import { APP_TITLE } from '../lib/constants';

/** The no-access page answers anyone. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `${NO_ACCESS_TITLE} · ${APP_TITLE}` }];

/**
 * Where a refused page can redirect to (spec §2, §6): 401 with the No Access wording. After single sign-on to an
 * application the user holds no role in (`interaction`, `clientId`), it names the application and offers to sign
 * in to it with another account, while its request is still pending.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const uid = signInRequestId(url.searchParams.get('interaction'));
  const clientId = url.searchParams.get('clientId');
  const signInRequest = uid ? await describeSignInRequest(uid) : null;
  const application =
    uid && signInRequest
      ? { name: signInRequest.applicationName, anotherAccount: anotherAccountPath(uid, isValidClientId(clientId) ? clientId : null) }
      : null;
  return data({ application }, { status: 401 });
}

export default function Unauthorized() {
  const { application } = useLoaderData<typeof loader>();
  return (
    <DefaultLayout title={APP_TITLE}>
      <section className="cas-error-page" aria-labelledby="unauthorized-title">
        <p className="cas-error-page__status">401</p>
        <h1 id="unauthorized-title" className="cas-error-page__message">
          {NO_ACCESS_TITLE}
        </h1>
        <p>{NO_ACCESS_MESSAGE}</p>
        {application ? (
          <>
            <p>
              Your account holds no role in <strong>{application.name}</strong>. Sign in with another account to continue to it.
            </p>
            <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 8 }}>
              <ButtonLink href={application.anotherAccount}>Use another account</ButtonLink>
              <ButtonLink href="/app" variant="secondary">
                Go back to home
              </ButtonLink>
            </div>
          </>
        ) : (
          <ButtonLink href="/app">Go back to home</ButtonLink>
        )}
      </section>
    </DefaultLayout>
  );
}
