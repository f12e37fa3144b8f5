import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { VerifyResetSchema } from '@campus/api-contract';
import { AuthLayout, Button, failureNotice, TextField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { publicApi } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';
import { cookiesFor } from '../lib/cookies.server';
import { invalidForm, problemOf, type FormRefusal } from '../lib/answers.server';
import { assertSameOrigin } from '../lib/security.server';

/** Password reset: open without a session. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Enter reset code · ${APP_TITLE}` }];

export function loader({ request }: LoaderFunctionArgs) {
  return { email: new URL(request.url).searchParams.get('email') ?? '' };
}

/** Check the emailed code; a good one is kept (signed, 30 minutes) for the new-password step. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: VerifyResetSchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const result = await publicApi(context).verifyPasswordReset({ body: submission.value });
  if (result.status !== 200) {
    // A wrong or spent code (or too many tries) is said above the form and beside the code, the email kept.
    const { message } = problemOf(result.body);
    return data<FormRefusal>(
      { result: submission.reply({ fieldErrors: { code: [message || 'Invalid code.'] } }), notice: failureNotice(message) },
      { status: 400 },
    );
  }
  throw redirect('/reset-password', { headers: { 'Set-Cookie': await cookiesFor(request).reset.serialize(submission.value) } });
}

export default function ResetCode() {
  const { email } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const [form] = useForm({ lastResult: refused?.result });
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  const error = (name: string) => form.allErrors[name]?.[0];
  return (
    <AuthLayout title={APP_TITLE} panel={<AuthPanel />}>
      <h1 className="cas-page-title">Enter your reset code</h1>
      <FormNotice notice={refused?.notice} />
      <Form method="post" noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          defaultValue={typeof typed.email === 'string' ? typed.email : email}
          error={error('email')}
        />
        <TextField
          label="Reset code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          isRequired
          description="The 6-digit code from the email."
          error={error('code')}
        />
        <Button type="submit">Continue</Button>
      </Form>
      <p>
        <Link to="/recovery">Send a new code</Link> · <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
