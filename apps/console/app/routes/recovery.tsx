import { data, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { AuthLayout, Button, failureNotice, TextField } from '@campus/ui';
import { z } from 'zod';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { publicApi } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';
import { formProblem, formValues } from '../lib/forms.server';
import { redirectWithNotice } from '../lib/notice.server';
import { assertSameOrigin } from '../lib/security.server';

/** Password recovery: open without a session. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Account recovery · ${APP_TITLE}` }];

export const RECOVERY_SENT =
  'If the address belongs to an account, a reset code is on its way. It can be used once, within 30 minutes.';

const RecoveryFormSchema = z.object({ email: z.string().trim().min(1, 'Required').email('Enter a valid email address.') });

/** Ask for a reset code by email; the answer never says whether the address exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const values = formValues(await request.formData());
  const parsed = RecoveryFormSchema.safeParse(values);
  if (!parsed.success) return data({ ...formProblem(parsed.error, values), email: values.email ?? '' }, { status: 400 });
  const result = await publicApi(context).requestPasswordRecovery({ body: { email: parsed.data.email } });
  if (result.status !== 202) {
    const message = (result.body as { message?: string }).message;
    return data({ notice: failureNotice(message), fieldErrors: {} as Record<string, string>, email: parsed.data.email }, { status: result.status });
  }
  throw await redirectWithNotice(request, `/reset?email=${encodeURIComponent(parsed.data.email)}`, {
    tone: 'info',
    title: 'Check your email',
    description: RECOVERY_SENT,
  });
}

export default function Recovery() {
  const result = useActionData<typeof action>();
  return (
    <AuthLayout panel={<AuthPanel />}>
      <h1 className="cas-page-title">Forgot your password?</h1>
      <p>Enter the email address of your account and we will send you a reset code.</p>
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        <TextField label="Email" name="email" type="email" autoComplete="email" isRequired defaultValue={result?.email} error={result?.fieldErrors?.email} />
        <Button type="submit">Send reset code</Button>
      </Form>
      <p>
        <Link to="/reset">I already have a code</Link> · <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
