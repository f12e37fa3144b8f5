import { data, type ActionFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Button, failureNotice, PasswordField } from '@campus/ui';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { formProblem, formValues } from '../lib/forms.server';
import { redirectWithNotice } from '../lib/notice.server';
import { ChangePasswordFormSchema } from '../lib/passwords';
import { assertSameOrigin } from '../lib/security.server';
import { signedIn } from '../lib/request.server';
import { continueSigningOutRedirect, revokeAtApi, SIGN_OUT_FAILED, SIGNED_OUT_EVERYWHERE, signedOutRedirect } from '../lib/sign-out.server';

export const PASSWORD_CHANGED = { tone: 'success', title: 'Success!', description: 'Your password has been changed.' } as const;

export const SIGN_OUT_EVERYWHERE_INTENT = 'sign-out-everywhere';

/**
 * Two forms: change password (issue 4: the current password is required and the new one must meet the policy),
 * and sign out everywhere, which ends every session of the account at the API — other browsers and devices and
 * this one — and then clears this browser's cookies; when those sessions signed in to applications told through
 * the browser (SAML single logout), this browser is then taken through them from the logout page.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { user, token, api } = await signedIn(request);
  const form = await request.formData();
  if (form.get('intent') === SIGN_OUT_EVERYWHERE_INTENT) {
    const signedOut = await revokeAtApi(token, user._id, true, request);
    if (!signedOut) return data({ everywhere: SIGN_OUT_FAILED }, { status: 503 });
    // The applications the sessions signed in to are told through this browser first (single logout), from the logout page.
    if (signedOut.continueTo) throw await continueSigningOutRedirect(request, signedOut.continueTo, SIGNED_OUT_EVERYWHERE);
    throw await signedOutRedirect(request, '/auth', SIGNED_OUT_EVERYWHERE);
  }
  const values = formValues(form);
  const parsed = ChangePasswordFormSchema.safeParse(values);
  if (!parsed.success) return data(formProblem(parsed.error, values), { status: 400 });
  const result = await api.changePassword({
    body: { currentPassword: parsed.data.currentPassword, newPassword: parsed.data.newPassword },
  });
  if (result.status !== 200) {
    const body = result.body as { message?: string; fieldErrors?: Record<string, string[]> };
    const fieldErrors = Object.fromEntries(Object.entries(body.fieldErrors ?? {}).map(([k, v]) => [k, v[0] ?? '']));
    return data({ notice: failureNotice(body.message), fieldErrors }, { status: result.status });
  }
  throw await redirectWithNotice(request, '/profile/security', PASSWORD_CHANGED);
}

export default function ProfileSecurity() {
  const result = useActionData<typeof action>();
  const isSubmitting = useNavigation().state === 'submitting';
  const passwordResult = result && 'fieldErrors' in result ? result : undefined;
  const everywhereNotice = result && 'everywhere' in result ? result.everywhere : undefined;
  return (
    <>
      <section className="cas-panel" aria-labelledby="security-title" style={{ maxWidth: 520 }}>
        <h1 id="security-title" className="cas-page-title">
          Change password
        </h1>
        <FormNotice notice={passwordResult?.notice} />
        <Form method="post" noValidate>
          <PasswordField label="Current password" name="currentPassword" isRequired error={passwordResult?.fieldErrors?.currentPassword} />
          <NewPasswordFields fieldErrors={passwordResult?.fieldErrors} />
          <Button type="submit" isDisabled={isSubmitting}>
            Change password
          </Button>
        </Form>
      </section>
      <section className="cas-panel" aria-labelledby="sessions-title" style={{ maxWidth: 520, marginTop: 24 }}>
        <h2 id="sessions-title" className="cas-page-title">
          Sessions
        </h2>
        <FormNotice notice={everywhereNotice} />
        <p>Signed in on another computer or a lost phone? End every session of your account, this one included.</p>
        <Form method="post">
          <input type="hidden" name="intent" value={SIGN_OUT_EVERYWHERE_INTENT} />
          <Button type="submit" variant="secondary" isDisabled={isSubmitting}>
            Sign out everywhere
          </Button>
        </Form>
      </section>
    </>
  );
}
