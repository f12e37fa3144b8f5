import { useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { ChangePasswordSchema, ResetPasswordSchema } from '@campus/api-contract';
import { AuthLayout, Button, failureNotice, PasswordField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { apiWithToken } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { cookiesFor, readSession } from '../lib/cookies.server';
import { checkedBody, formAnswerOf, invalidForm } from '../lib/answers.server';
import { redirectWithNotice } from '../lib/notice.server';
import { ChangePasswordFormSchema, NewPasswordSchema } from '../lib/passwords';
import { rememberedPath } from '../lib/redirect.server';
import { assertSameOrigin } from '../lib/security.server';
import { publicApi, signedIn } from '../lib/request.server';
import { continueSignInRequestFromForm } from '../areas/access-management/sign-in-request.server';
import { ContinueToApplication } from '../areas/access-management/ContinueToApplication';

/** A password reset in progress (no session) or a temporary password to replace (signed in, checked here). */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Set a new password · ${APP_TITLE}` }];

export const PASSWORD_RESET = {
  tone: 'success',
  title: 'Success!',
  description: 'Your password has been reset. Sign in with your new password.',
} as const;

interface ResetState {
  email: string;
  code: string;
}

async function resetState(request: Request): Promise<ResetState | null> {
  const value: unknown = await cookiesFor(request).reset.parse(request.headers.get('cookie'));
  const v = value as Partial<ResetState> | null;
  return v && typeof v.email === 'string' && typeof v.code === 'string' ? { email: v.email, code: v.code } : null;
}

/**
 * Two ways in: a user who signed in with a temporary password (must replace it before anything else), or a
 * reset in progress (email and verified code from /reset). Anyone else starts at /recovery.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const session = await readSession(request);
  if (session.token) {
    const { user } = await signedIn(request);
    if (!user.mustChangePassword && !session.mustChangePassword) throw redirect(await rememberedPath(request));
    return { mode: 'temporary' as const };
  }
  if (await resetState(request)) return { mode: 'reset' as const };
  throw redirect('/recovery');
}

/** Passwords are never sent back to the page, not even in a refused form. */
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'];
/** The API's refusal (a wrong temporary password, a spent reset code, too many tries) is said above the form. */
const REFUSAL = { notice: failureNotice, shownStatuses: [401, 429], hideFields: PASSWORD_FIELDS };

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const formData = await request.formData();
  const { session: storage, reset } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const token = session.get('token');

  if (token) {
    const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema });
    if (submission.status !== 'success') return invalidForm(submission, {}, { hideFields: PASSWORD_FIELDS });
    const { currentPassword, newPassword } = submission.value;
    const checked = checkedBody(ChangePasswordSchema, { currentPassword, newPassword });
    if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors, { hideFields: PASSWORD_FIELDS });
    const { user } = await signedIn(request);
    // The token's own client: a refused temporary password (401) is said on the form, not taken for an expired session.
    const api = apiWithToken(token, request);
    const changed = formAnswerOf(await api.changePassword({ body: checked.body }), 200, submission, REFUSAL);
    if (changed.refusal) return changed.refusal;
    // Keep the user signed in: if changing the password ended this session, sign in again with the new one.
    let nextToken = token;
    if ((await api.getCurrentUser()).status !== 200) {
      const again = await publicApi(context).signIn({ body: { email: user.email, password: newPassword } });
      if (again.status !== 200) throw redirect('/auth', { headers: { 'Set-Cookie': await storage.destroySession(session) } });
      nextToken = again.body.data.token;
    }
    session.set('token', nextToken);
    session.set('mustChangePassword', false);
    // An application's sign-in that was waiting for the new password goes on now.
    const signInRequest = session.get('signInRequest');
    session.unset('signInRequest');
    const headers = new Headers({ 'Set-Cookie': await storage.commitSession(session) });
    if (signInRequest) return continueSignInRequestFromForm(nextToken, signInRequest, headers);
    throw redirect(await rememberedPath(request), { headers });
  }

  const state = await resetState(request);
  if (!state) throw redirect('/recovery');
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (submission.status !== 'success') return invalidForm(submission, {}, { hideFields: PASSWORD_FIELDS });
  const checked = checkedBody(ResetPasswordSchema, { ...state, newPassword: submission.value.newPassword });
  if (checked.problem) return invalidForm(submission, checked.problem.fieldErrors, { hideFields: PASSWORD_FIELDS });
  const done = formAnswerOf(await publicApi(context).resetPassword({ body: checked.body }), 200, submission, REFUSAL);
  if (done.refusal) return done.refusal;
  throw await redirectWithNotice(request, '/auth', PASSWORD_RESET, {
    headers: { 'Set-Cookie': await reset.serialize('', { maxAge: 0, expires: new Date(0) }) },
  });
}

export default function ResetPassword() {
  const { mode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const refused = answer && 'result' in answer ? answer : undefined;
  const [form] = useForm({ lastResult: refused?.result });
  if (answer && 'continueTo' in answer) {
    return (
      <AuthLayout title={APP_TITLE} panel={<AuthPanel />}>
        <ContinueToApplication to={answer.continueTo} />
      </AuthLayout>
    );
  }
  const fieldErrors = Object.fromEntries(Object.entries(form.allErrors).map(([name, messages]) => [name, messages[0] ?? '']));
  return (
    <AuthLayout title={APP_TITLE} panel={<AuthPanel />}>
      <h1 className="cas-page-title">Set a new password</h1>
      {mode === 'temporary' ? <p>You signed in with a temporary password. Choose your own password to continue.</p> : null}
      <FormNotice notice={refused?.notice} />
      <Form method="post" noValidate>
        {mode === 'temporary' ? (
          <PasswordField label="Temporary password" name="currentPassword" isRequired error={fieldErrors.currentPassword} />
        ) : null}
        <NewPasswordFields fieldErrors={fieldErrors} />
        <Button type="submit">Save password</Button>
      </Form>
    </AuthLayout>
  );
}
