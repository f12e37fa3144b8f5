import { Form, useNavigation } from '@remix-run/react';
import { Button, TextField } from '@campus/ui';
import type { SecondFactorFormData } from './second-factor.server';

/** The code after the password: an authenticator code or a recovery code, and "remember this device". */
export function SecondFactorForm({ result }: { readonly result?: SecondFactorFormData }) {
  const navigation = useNavigation();
  const isSubmitting = navigation.state === 'submitting';
  return (
    <Form method="post" noValidate>
      {result?.message ? (
        <p role="alert" className="cas-field__error">
          {result.message}
        </p>
      ) : null}
      <TextField
        label="Authentication code"
        name="code"
        autoComplete="one-time-code"
        inputMode="numeric"
        isRequired
        autoFocus
        description="The 6-digit code from your authenticator app, or one of your recovery codes."
        error={result?.fieldErrors?.code}
      />
      <p>
        <label>
          <input type="checkbox" name="rememberDevice" /> Remember this device for 30 days
        </label>
      </p>
      <Button type="submit" isDisabled={isSubmitting} className="cas-button--block">
        {isSubmitting ? 'Checking…' : 'Verify'}
      </Button>
    </Form>
  );
}
