import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { TwoFactorSettings } from '../areas/access-management/TwoFactorSettings';
import { loadTwoFactor, twoFactorAction } from '../areas/access-management/two-factor.server';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';

/** Two-factor sign-in settings (decision 0015). */
export async function loader({ request }: LoaderFunctionArgs) {
  await signedIn(request);
  return { status: await loadTwoFactor(request) };
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await signedIn(request);
  return twoFactorAction(request, await request.formData());
}

export default function TwoFactorRoute() {
  const { status } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return <TwoFactorSettings status={status} result={result} />;
}
