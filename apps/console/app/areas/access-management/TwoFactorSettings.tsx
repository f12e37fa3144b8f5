import { Form } from '@remix-run/react';
import { Button, TextField } from '@campus/ui';
import type { TwoFactorActionData } from './two-factor.server';

export interface TwoFactorSettingsProps {
  readonly status: { enrolled: boolean; recoveryCodesLeft: number; required: boolean };
  readonly result?: TwoFactorActionData & { continueTo?: string };
}

/** Turn on two-factor sign-in: QR code (and the secret as text), the first code, then the recovery codes once. */
export function TwoFactorSettings({ status, result }: TwoFactorSettingsProps) {
  if (result?.recoveryCodes) {
    return (
      <section aria-labelledby="two-factor-title" className="cas-panel">
        <h1 id="two-factor-title" className="cas-page-title">
          Two-factor sign-in is on
        </h1>
        <p>
          Keep these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator
          app; they are not shown again.
        </p>
        <ul aria-label="Recovery codes">
          {result.recoveryCodes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        {result.continueTo ? (
          <a href={result.continueTo}>Continue to the application</a>
        ) : (
          <a href="/app">Continue</a>
        )}
      </section>
    );
  }
  if (result?.enrolment) {
    const { secret, qrSrc } = result.enrolment;
    return (
      <section aria-labelledby="two-factor-title" className="cas-panel">
        <h1 id="two-factor-title" className="cas-page-title">
          Set up your authenticator app
        </h1>
        {qrSrc ? (
          <img src={qrSrc} alt="QR code to scan with your authenticator app" width={200} height={200} />
        ) : null}
        <p>
          Cannot scan it? Enter this key in the app: <code data-testid="totp-secret">{secret}</code>
        </p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="secret" value={secret} />
          <TextField
            label="Code from the app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            isRequired
            error={result.fieldErrors?.code}
          />
          <Button type="submit">Turn on two-factor sign-in</Button>
        </Form>
      </section>
    );
  }
  return (
    <section aria-labelledby="two-factor-title" className="cas-panel">
      <h1 id="two-factor-title" className="cas-page-title">
        Two-factor sign-in
      </h1>
      {result?.message && !result.fieldErrors ? <p role="alert">{result.message}</p> : null}
      {result?.notice ? <p role="status">{result.notice}</p> : null}
      {status.enrolled ? (
        <>
          <p>On. {status.recoveryCodesLeft} recovery codes left.</p>
          {status.required ? (
            <p>Your account must use a second factor, so it stays on.</p>
          ) : (
            <Form method="post" noValidate>
              <h2>Turn off two-factor sign-in</h2>
              <input type="hidden" name="intent" value="off" />
              <TextField
                label="Code from the app or a recovery code"
                name="code"
                autoComplete="one-time-code"
                isRequired
                error={result?.fieldErrors?.code}
              />
              <Button type="submit" variant="secondary">
                Turn off two-factor sign-in
              </Button>
            </Form>
          )}
        </>
      ) : (
        <>
          <p>
            {status.required
              ? 'Your account must use a second factor: set up an authenticator app to continue.'
              : 'Protect your account with a code from an authenticator app after your password.'}
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="start" />
            <Button type="submit">Set up an authenticator app</Button>
          </Form>
        </>
      )}
    </section>
  );
}
