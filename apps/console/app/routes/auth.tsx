import { parseWithZod } from '@conform-to/zod';
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation, type ShouldRevalidateFunction } from '@remix-run/react';
import { PasskeyAuthenticationResponseSchema, SignInWithPasskeySchema, type SignInResult } from '@campus/api-contract';
import { SignInSchema } from '@campus/domain-iam';
import { AuthLayout, Button, failureNotice, PasswordField, TextField } from '@campus/ui';
import { AuthPanel } from '../components/AuthPanel';
import { FormNotice } from '../components/FormNotice';
import { signInPanel } from '../lib/sign-in-panel.server';
import { clientIdsInRequest, clientTokenCookie, cookiesFor, isValidClientId } from '../lib/cookies.server';
import { formProblem, formValues } from '../lib/forms.server';
import { rememberedPath } from '../lib/redirect.server';
import { assertSameOrigin } from '../lib/security.server';
import { publicApi, TWO_FACTOR_PATH } from '../lib/request.server';
import { APP_TITLE } from '../lib/constants';
import {
  ANOTHER_ACCOUNT,
  continueSignInRequest,
  continueSignInRequestFromForm,
  describeSignInRequest,
  signInRequestId,
} from '../areas/access-management/sign-in-request.server';
import { ContinueToApplication } from '../areas/access-management/ContinueToApplication';
import { rememberedDeviceHeaders } from '../areas/access-management/second-factor.server';
import { revokeAtApi } from '../lib/sign-out.server';
import { PasskeySignIn } from '../areas/access-management/PasskeySignIn';
import { PASSKEY_OPTIONS } from '../areas/access-management/passkey-ceremony';
import { jsonField, passkeyOptionsAnswer } from '../areas/access-management/passkeys.server';
import { SIGN_IN_WITH_PASSKEY } from '../areas/access-management/passkey-sign-in';

/** Sign-in: open without a session. */
export const publicPage = true;

export const meta: MetaFunction = () => [{ title: `Sign in · ${APP_TITLE}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const clientId = url.searchParams.get('clientId');
  const uid = signInRequestId(url.searchParams.get('interaction'));
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  const token = session.get('token') as string | undefined;
  const headers = new Headers();
  // Already signed in: an application's sign-in request is answered at once (single sign-on).
  if (token && session.get('secondFactor') === 'verify') throw redirect('/auth/second-factor');
  const signInRequest = uid ? await describeSignInRequest(uid) : null;
  // An application that asks for the password again (prompt=login, max_age) gets the form, signed in or not, and so
  // does a user who chose another account (from No Access); the sign-in it posts replaces this session.
  const anotherAccount = url.searchParams.get('account') === ANOTHER_ACCOUNT;
  const asksForPassword = Boolean(uid && signInRequest && (signInRequest.reauthenticate || anotherAccount));
  if (token && uid && !asksForPassword && !session.get('mustChangePassword') && !session.get('secondFactor')) {
    const answer = await continueSignInRequest(token, uid, undefined, isValidClientId(clientId) ? clientId : null);
    if (answer) throw answer;
    // The console session has ended (an application logged the user out, or it expired): its cookies go, and the
    // application's request waits for the password here instead of being lost on the way to /app.
    headers.append('Set-Cookie', await storage.destroySession(session));
    for (const id of clientIdsInRequest(request)) headers.append('Set-Cookie', clientTokenCookie(request, id, null));
  } else if (token && !asksForPassword) {
    throw redirect(session.get('mustChangePassword') ? '/reset-password' : await rememberedPath(request));
  }
  return data(
    {
      clientId: isValidClientId(clientId) ? clientId : null,
      uid: signInRequest ? uid : null,
      applicationName: signInRequest?.applicationName ?? null,
      panel: await signInPanel(context),
    },
    { headers },
  );
}

/**
 * Not after this page's own post: the loader of a signed-in browser answers an application's sign-in request at
 * once, and that request must be answered only once (its resume address refuses a second visit). The post's answer
 * already sends the browser on; nothing the loader shows changes with it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === 'POST' ? false : defaultShouldRevalidate;

/** A passkey's answer as the sign-in page's script posts it, read with the contract's schema. */
const PasskeySignInForm = SignInWithPasskeySchema.extend({ response: jsonField(PasskeyAuthenticationResponseSchema) }).strip();

/**
 * The password form; with JavaScript also `intent=passkey-options` (a challenge for the browser) and `intent=passkey`
 * (signing in with a passkey alone, decision 0058). Both ways end the same: a fresh session, then the second factor,
 * the new password or the application that asked, as owed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const form = await request.formData();
  const values = formValues(form);
  const clientId = isValidClientId(values.clientId) ? values.clientId : null;
  const uid = signInRequestId(values.interaction);
  if (values.intent === PASSKEY_OPTIONS) return passkeyOptionsAnswer(await publicApi(context).passkeys.startPasskeySignIn());
  if (values.intent === SIGN_IN_WITH_PASSKEY) return signInWithPasskey(request, context, form, { clientId, uid });
  const parsed = SignInSchema.safeParse(values);
  if (!parsed.success) return data({ ...formProblem(parsed.error, values), email: values.email ?? '' }, { status: 400 });

  const result = await publicApi(context).signIn({ body: parsed.data, extraHeaders: await rememberedDeviceHeaders(request) });
  if (result.status !== 200) {
    const message = typeof result.body === 'object' && result.body && 'message' in result.body ? String(result.body.message) : undefined;
    return data({ notice: failureNotice(message), fieldErrors: {} as Record<string, string>, email: parsed.data.email }, { status: result.status === 429 ? 429 : 401 });
  }
  return startSession(request, result.body.data, { clientId, uid });
}

async function signInWithPasskey(request: Request, context: AppLoadContext, form: FormData, asked: { clientId: string | null; uid: string | null }) {
  const submission = parseWithZod(form, { schema: PasskeySignInForm, disableAutoCoercion: true });
  const refused = (message?: string, status = 401) =>
    data({ notice: failureNotice(message), fieldErrors: {} as Record<string, string>, email: '' }, { status });
  if (submission.status !== 'success') return refused('The passkey could not be verified. Try again, or sign in with your password.', 400);
  const result = await publicApi(context).passkeys.signInWithPasskey({ body: submission.value });
  if (result.status !== 200) return refused((result.body as { message?: string }).message, result.status === 429 ? 429 : 401);
  return startSession(request, result.body.data, asked);
}

/** The session of a sign-in that succeeded, and where the browser goes next. */
async function startSession(request: Request, signedIn: SignInResult, { clientId, uid }: { clientId: string | null; uid: string | null }) {
  const { token, userId, mustChangePassword, secondFactor } = signedIn;
  const { session: storage } = cookiesFor(request);
  const session = await storage.getSession(request.headers.get('cookie'));
  // A sign-in in a browser that was already signed in (another tab, the back button) replaces that session: its token
  // ends now, or as soon as the API takes it, rather than living on in nobody's hands.
  const replaced = { token: session.get('token'), userId: session.get('userId') };
  if (replaced.token && replaced.userId && replaced.token !== token) await revokeAtApi(replaced.token, replaced.userId, false, request);
  // A fresh session: nothing of the one it replaces (second factor owed, a waiting request) carries over.
  for (const key of ['mustChangePassword', 'secondFactor', 'signInRequest'] as const) session.unset(key);
  session.set('token', token);
  session.set('userId', userId);
  session.set('mustChangePassword', mustChangePassword);
  if (secondFactor) session.set('secondFactor', secondFactor);
  if ((secondFactor || mustChangePassword) && uid) session.set('signInRequest', uid);
  const headers = new Headers();
  headers.append('Set-Cookie', await storage.commitSession(session));
  for (const id of clientIdsInRequest(request)) if (id !== clientId) headers.append('Set-Cookie', clientTokenCookie(request, id, null));
  if (clientId) headers.append('Set-Cookie', clientTokenCookie(request, clientId, token));
  // The second factor comes before anything else (decision 0015).
  if (secondFactor) throw redirect(secondFactor === 'verify' ? '/auth/second-factor' : TWO_FACTOR_PATH, { headers });
  // An application asked for this sign-in: back to it (or No Access) once the password is not temporary.
  if (uid && !mustChangePassword) return continueSignInRequestFromForm(token, uid, headers, clientId);
  // A temporary password must be replaced before anything else (issue 4).
  throw redirect(mustChangePassword ? '/reset-password' : await rememberedPath(request), { headers });
}

export default function SignInPage() {
  const { clientId, uid, applicationName, panel } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // The options of a passkey ceremony go to the page's fetcher, never here.
  const result = answer && 'notice' in answer ? answer : undefined;
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  if (answer && 'continueTo' in answer) {
    return (
      <AuthLayout title={APP_TITLE} panel={<AuthPanel panel={panel} />}>
        <ContinueToApplication to={answer.continueTo} />
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={APP_TITLE} panel={<AuthPanel panel={panel} />}>
      <h1 className="cas-page-title">Sign in</h1>
      <p className="cas-field__description" style={{ marginTop: -8, marginBottom: 16 }}>
        {applicationName ? `to continue to ${applicationName}` : APP_TITLE}
      </p>
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        {clientId ? <input type="hidden" name="clientId" value={clientId} /> : null}
        {uid ? <input type="hidden" name="interaction" value={uid} /> : null}
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
      <PasskeySignIn clientId={clientId} uid={uid} />
    </AuthLayout>
  );
}

