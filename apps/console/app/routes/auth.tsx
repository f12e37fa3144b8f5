import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { SignInSchema } from '@campus/domain-iam';
import { AuthLayout, Button, failureNotice, PasswordField, TextField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { publicApi } from '../lib/api.server';
import { clientTokenCookie, cookiesFor, isValidClientId } from '../lib/cookies.server';
import { formProblem, formValues } from '../lib/forms.server';
import { rememberedPath } from '../lib/redirect.server';
import { assertSameOrigin } from '../lib/security.server';
import { APP_TITLE } from '../lib/constants';

export const meta: MetaFunction = () => [{ title: `Sign in · ${APP_TITLE}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get('clientId');
  const session = await cookiesFor(request).session.getSession(request.headers.get('cookie'));
  if (session.get('token')) throw redirect(session.get('mustChangePassword') ? '/reset-password' : await rememberedPath(request));
  return { clientId: isValidClientId(clientId) ? clientId : null };
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const values = formValues(form);
  const clientId = isValidClientId(values.clientId) ? values.clientId : null;
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) return data({ ...formProblem(parsed.error, values), email: values.email ?? '' }, { status: 400 });

  const result = await publicApi(context).signIn({ body: parsed.data });
  if (result.status !== 200) {
    const message = typeof result.body === 'object' && result.body && 'message' in result.body ? String(result.body.message) : undefined;
    return data({ notice: failureNotice(message), fieldErrors: {} as Record<string, string>, email: parsed.data.email }, { status: result.status === 429 ? 429 : 401 });
  }

  const { token, userId, mustChangePassword } = result.body.data;
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  session.set('token', token);
  session.set('userId', userId);
  session.set('mustChangePassword', mustChangePassword);
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.commitSession(session));
  if (clientId) headers.append('Set-Cookie', clientTokenCookie(request, clientId, token));
  // A temporary password must be replaced before anything else (issue 4).
  throw redirect(mustChangePassword ? '/reset-password' : await rememberedPath(request), { headers });
}

export default function SignInPage() {
  const { clientId } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  return (
    <AuthLayout panel={<AuthPanel />}>
      <h1 className="cas-page-title">Sign in</h1>
      <p className="cas-field__description" style={{ marginTop: -8, marginBottom: 16 }}>
        {APP_TITLE}
      </p>
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          isRequired
          defaultValue={result?.email ?? ''}
          error={result?.fieldErrors?.email}
        />
        <PasswordField label="Password" name="password" isRequired error={result?.fieldErrors?.password} />
        <Button type="submit" isDisabled={isSubmitting} className="cas-button--block">
          {isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Form>
      <p>
        <Link to="/recovery">Forgot your password?</Link>
      </p>
    </AuthLayout>
  );
}

