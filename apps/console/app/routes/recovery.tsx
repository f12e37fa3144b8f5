import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { type ActionFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData } from '@remix-run/react';
import { RecoverySchema } from '@campus/api-contract';
import { AuthLayout, Button, failureNotice, TextField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { publicApi } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';
import { formAnswerOf, invalidForm } from '../lib/answers.server';
import { redirectWithNotice } from '../lib/notice.server';
import { assertSameOrigin } from '../lib/security.server';

/** Password recovery: open without a session. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Account recovery · ${APP_TITLE}` }];

export const RECOVERY_SENT =
  'If the address belongs to an account, a reset code is on its way. It can be used once, within 30 minutes.';

/** Ask for a reset code by email; the answer never says whether the address exists. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const submission = parseWithZod(await request.formData(), { schema: RecoverySchema });
  if (submission.status !== 'success') return invalidForm(submission);
  const { email } = submission.value;
  // A refusal (too many requests included) is said above the form in the API's words.
  const sent = formAnswerOf(await publicApi(context).requestPasswordRecovery({ body: { email } }), 202, submission, {
    notice: failureNotice,
    shownStatuses: [429],
  });
  if (sent.refusal) return sent.refusal;
  throw await redirectWithNotice(request, `/reset?email=${encodeURIComponent(email)}`, {
    tone: 'info',
    title: 'Check your email',
    description: RECOVERY_SENT,
  });
}

export default function Recovery() {
  const refused = useActionData<typeof action>();
  const [form] = useForm({ lastResult: refused?.result });
  const typed = (refused?.result.initialValue ?? {}) as Record<string, unknown>;
  return (
    <AuthLayout title={APP_TITLE} panel={<AuthPanel />}>
      <h1 className="cas-page-title">Forgot your password?</h1>
      <p>Enter the email address of your account and we will send you a reset code.</p>
      <FormNotice notice={refused?.notice} />
      <Form method="post" noValidate>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          isRequired
          defaultValue={typeof typed.email === 'string' ? typed.email : undefined}
          error={form.allErrors.email?.[0]}
        />
        <Button type="submit">Send reset code</Button>
      </Form>
      <p>
        <Link to="/reset">I already have a code</Link> · <Link to="/auth">Back to sign in</Link>
      </p>
    </AuthLayout>
  );
}
