import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node';
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from '@remix-run/react';
import { AuthLayout } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { SecondFactorForm } from '../areas/access-management/SecondFactorForm';
import { ContinueToApplication } from '../areas/access-management/ContinueToApplication';
import { secondFactorWays, verifySecondFactor } from '../areas/access-management/second-factor.server';
import type { SecondFactorFormData } from '../areas/access-management/second-factor';
import { assertSameOrigin } from '../lib/security.server';
import { APP_TITLE } from '../lib/constants';

/** The second step of sign-in: open to a session that still owes the second factor (it checks that itself). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Two-factor sign-in · ${APP_TITLE}` }];

/** Only a session that still owes the second factor has anything to do here; it sees the ways it can pass it. */
export async function loader({ request }: LoaderFunctionArgs) {
  const ways = await secondFactorWays(request);
  if (!ways) throw redirect('/auth');
  return { ways };
}

/** Not after this page's own post: its answer sends the browser on, once (see `routes/auth.tsx`). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate;

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  return verifySecondFactor(request, await request.formData());
}

export default function SecondFactorPage() {
  const { ways } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as (SecondFactorFormData & { continueTo?: string }) | undefined;
  return (
    <AuthLayout title={APP_TITLE} panel={<AuthPanel />}>
      <h1 className="cas-page-title">Two-factor sign-in</h1>
      {result?.continueTo ? <ContinueToApplication to={result.continueTo} /> : <SecondFactorForm ways={ways} result={result} />}
    </AuthLayout>
  );
}
