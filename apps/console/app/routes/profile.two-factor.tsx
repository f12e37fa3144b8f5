import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { TwoFactorSettings } from '../areas/access-management/TwoFactorSettings';
import { loadTwoFactor, twoFactorAction } from '../areas/access-management/two-factor.server';
import type { TwoFactorActionData } from '../areas/access-management/two-factor';
import { PASSKEY_OPTIONS } from '../areas/access-management/passkey-ceremony';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';

export const meta: MetaFunction = () => [{ title: `Two-factor sign-in · ${APP_TITLE}` }];

/** Two-factor sign-in settings: passkeys and the authenticator app (decisions 0015, 0058). */
export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request);
  return loadTwoFactor(request);
}

/** Not after a passkey ceremony's options: they change nothing, and a reload then could land after the registration's. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === PASSKEY_OPTIONS ? false : defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request);
  return twoFactorAction(request, await request.formData());
}

export default function TwoFactorRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as TwoFactorActionData | undefined;
  return <TwoFactorSettings {...page} result={result} />;
}
