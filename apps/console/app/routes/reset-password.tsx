import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { AuthLayout, Button, failureNotice, PasswordField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { apiWithToken } from '../lib/api.server';
import { APP_TITLE } from '../lib/constants';
import { cookiesFor, readSession } from '../lib/cookies.server';
import { formProblem, formValues } from '../lib/forms.server';
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

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const values = formValues(await request.formData());
  const { session: storage, reset } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const token = session.get('token');

  if (token) {
    const parsed = ChangePasswordFormSchema.safeParse(values);
    if (!parsed.success) return data(formProblem(parsed.error, values), { status: 400 });
    const { user } = await signedIn(request);
    const api = apiWithToken(token, request);
    const result = await api.changePassword({ body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword } });
    if (result.status !== 200) {
      const body = result.body as { message?: string };
      return data({ notice: failureNotice(body.message), fieldErrors: {} as Record<string, string> }, { status: result.status });
    }
    // Keep the user signed in: if changing the password ended this session, sign in again with the new one.
    let nextToken = token;
    if ((await api.getCurrentUser()).status !== 200) {
      const again = await publicApi(context).signIn({ body: { email: user.email, password: parsed.data.newPassword } });
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
  const parsed = NewPasswordSchema.safeParse(values);
  if (!parsed.success) return data(formProblem(parsed.error, values), { status: 400 });
  const result = await publicApi(context).resetPassword({ body: { ...state, newPassword: parsed.data.newPassword } });
  if (result.status !== 200) {
    const body = result.body as { message?: string };
    return data({ notice: failureNotice(body.message), fieldErrors: {} as Record<string, string> }, { status: result.status });
  }
  throw await redirectWithNotice(request, '/auth', PASSWORD_RESET, {
    headers: { 'Set-Cookie': await reset.serialize('', { maxAge: 0, expires: new Date(0) }) },
  });
}

export default function ResetPassword() {
  const { mode } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  if (answer && 'continueTo' in answer) {
    return (
      <AuthLayout panel={<AuthPanel />}>
        <ContinueToApplication to={answer.continueTo} />
      </AuthLayout>
    );
  }
  const result = answer;
  return (
    <AuthLayout panel={<AuthPanel />}>
      <h1 className="cas-page-title">Set a new password</h1>
      {mode === 'temporary' ? <p>You signed in with a temporary password. Choose your own password to continue.</p> : null}
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        {mode === 'temporary' ? (
          <PasswordField label="Temporary password" name="currentPassword" isRequired error={result?.fieldErrors?.currentPassword} />
        ) : null}
        <NewPasswordFields fieldErrors={result?.fieldErrors} />
        <Button type="submit">Save password</Button>
      </Form>
    </AuthLayout>
  );
}
