import { PasswordField } from '@campus/ui';

export const PASSWORD_RULE = 'Use 12 to 128 characters; common passwords are refused.';

/** New password and its confirmation, with the policy as the description. */
export function NewPasswordFields({ fieldErrors }: { fieldErrors?: Record<string, string> }) {
  return (
    <>
      <PasswordField
        label="New password"
        name="newPassword"
        autoComplete="new-password"
        isRequired
        description={PASSWORD_RULE}
        error={fieldErrors?.newPassword}
      />
      <PasswordField
        label="Confirm new password"
        name="confirmPassword"
        autoComplete="new-password"
        isRequired
        error={fieldErrors?.confirmPassword}
      />
    </>
  );
}
