import { data, type ActionFunctionArgs } from '@remix-run/node';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { Button, failureNotice, PasswordField } from '@campus/ui';
import { FormNotice } from '../components/FormNotice';
import { NewPasswordFields } from '../components/NewPasswordFields';
import { apiFor } from '../lib/api.server';
import { formProblem, formValues } from '../lib/forms.server';
import { redirectWithNotice } from '../lib/notice.server';
import { ChangePasswordFormSchema } from '../lib/passwords';
import { assertSameOrigin } from '../lib/security.server';
import { requireUser } from '../lib/session.server';

export const PASSWORD_CHANGED = { tone: 'success', title: 'Success!', description: 'Your password has been changed.' } as const;

/** Change password (issue 4): the current password is required and the new one must meet the policy. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  await requireUser(request);
  const values = formValues(await request.formData());
  const parsed = ChangePasswordFormSchema.safeParse(values);
  if (!parsed.success) return data(formProblem(parsed.error, values), { status: 400 });
  const api = await apiFor(request);
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
  return (
    <section className="cas-panel" aria-labelledby="security-title" style={{ maxWidth: 520 }}>
      <h1 id="security-title" className="cas-page-title">
        Change password
      </h1>
      <FormNotice notice={result?.notice} />
      <Form method="post" noValidate>
        <PasswordField label="Current password" name="currentPassword" isRequired error={result?.fieldErrors?.currentPassword} />
        <NewPasswordFields fieldErrors={result?.fieldErrors} />
        <Button type="submit" isDisabled={isSubmitting}>
          Change password
        </Button>
      </Form>
    </section>
  );
}
