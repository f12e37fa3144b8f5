import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AuthLayout, Button, failureNotice, TextField } from '@campus/ui';
import { z } from 'zod';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { publicApi } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';
import { cookiesFor } from '../lib/cookies.server';
import { formProblem, formValues } from '../lib/forms.server';
import { assertSameOrigin } from '../lib/security.server';

/** Password reset: open without a session. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Enter reset code · ${APP_TITLE}` }];

const ResetCodeFormSchema = z.object({
  email: z.string().trim().min(1, 'Required').email('Enter a valid email address.'),
  code: z.string().trim().min(1, 'Required').regex(/^\d{6}$/, 'Enter the 6-digit code.'),
});

export function loader({ request }: LoaderFunctionArgs) {
  return { email: new URL(request.url).searchParams.get('email') ?? '' };
}

/** Check the emailed code; a good one is kept (signed, 30 minutes) for the new-password step. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const values = formValues(await request.formData());
  const parsed = ResetCodeFormSchema.safeParse(values);
  if (!parsed.success) return data({ ...formProblem(parsed.error, values), email: values.email ?? '' }, { status: 400 });
  const result = await publicApi(context).verifyPasswordReset({ body: parsed.data });
  if (result.status !== 200) {
    const message = (result.body as { message?: string }).message;
    return data({ notice: failureNotice(message), fieldErrors: { code: message ?? 'Invalid code.' } as Record<string, string>, email: parsed.data.email }, { status: 400 });
  }
  throw redirect('/reset-password', { headers: { 'Set-Cookie': await cookiesFor(request).reset.serialize(parsed.data) } });
}

export default function ResetCode() {
  const { email } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthLayout panel={<AuthPanel />}>
      <h1 className="cas-page-title">Enter your reset code</h1>
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" isRequired defaultValue={result?.email ?? email} error={result?.fieldErrors?.email} />
        <TextField label="Reset code" name="code" inputMode="numeric" autoComplete="one-time-code" isRequired description="The 6-digit code from the email." error={result?.fieldErrors?.code} />
        <Button type="submit">Continue</Button>
      </Form>
      <p>
        <Link to="/recovery">Send a new code</Link> · <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
