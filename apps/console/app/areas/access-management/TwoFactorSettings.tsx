import { useForm } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { formatDate } from '@campus/formatters';
import { Button, Notice, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { usePasskeyCeremony } from './passkey-ceremony';
import {
  CONFIRM_TOTP,
  REGISTER_PASSKEY,
  REMOVE_PASSKEY,
  RENAME_PASSKEY,
  START_TOTP,
  TURN_OFF_TOTP,
  type TwoFactorActionData,
  type TwoFactorPage,
} from './two-factor';

export interface TwoFactorSettingsProps extends TwoFactorPage {
  readonly result?: TwoFactorActionData;
}

type Fields = { code: string; name: string; id: string; intent: string };

/**
 * The account's second factors: passkeys (several, named, removable; added with JavaScript only) and the
 * authenticator app (QR code and the secret as text, the first code, then the recovery codes once).
 */
export function TwoFactorSettings({ status, passkeys, result }: TwoFactorSettingsProps) {
  const [, fields] = useForm<Fields>({ lastResult: result?.result });
  const submittedIntent = fields.intent.initialValue;
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
        {result.continueTo ? <a href={result.continueTo}>Continue to the application</a> : <a href="/app">Continue</a>}
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
        <FormNotice notice={result.notice} />
        {qrSrc ? <img src={qrSrc} alt="QR code to scan with your authenticator app" width={200} height={200} /> : null}
        <p>
          Cannot scan it? Enter this key in the app: <code data-testid="totp-secret">{secret}</code>
        </p>
        <Form method="post" noValidate>
          <input type="hidden" name="intent" value={CONFIRM_TOTP} />
          <input type="hidden" name="secret" value={secret} />
          <TextField
            label="Code from the app"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            isRequired
            error={fields.code.errors?.[0]}
          />
          <Button type="submit">Turn on two-factor sign-in</Button>
        </Form>
      </section>
    );
  }
  return (
    <>
      <h1 className="cas-page-title">Two-factor sign-in</h1>
      <FormNotice notice={result?.notice} />
      {result?.continueTo ? (
        <p>
          <a href={result.continueTo}>Continue to the application</a>
        </p>
      ) : null}
      <PasskeysPanel
        passkeys={passkeys}
        isRequired={status.passkeyRequired}
        nameError={submittedIntent === REGISTER_PASSKEY ? (fields.name.errors?.[0] ?? fields.intent.errors?.[0]) : undefined}
        renaming={submittedIntent === RENAME_PASSKEY ? { id: fields.id.initialValue, error: fields.name.errors?.[0] } : undefined}
      />
      <section aria-labelledby="totp-title" className="cas-panel">
        <h2 id="totp-title" className="cas-panel-title">
          Authenticator app
        </h2>
        {status.enrolled ? (
          <>
            <p>On. {status.recoveryCodesLeft} recovery codes left.</p>
            {status.required ? (
              <p>Your account must use a second factor, so it stays on.</p>
            ) : (
              <Form method="post" noValidate aria-labelledby="totp-off-title">
                <h3 id="totp-off-title">Turn off two-factor sign-in</h3>
                <input type="hidden" name="intent" value={TURN_OFF_TOTP} />
                <TextField
                  label="Code from the app or a recovery code"
                  name="code"
                  autoComplete="one-time-code"
                  isRequired
                  error={submittedIntent === TURN_OFF_TOTP ? fields.code.errors?.[0] : undefined}
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
              {status.required && !status.passkeys && !status.passkeyRequired
                ? 'Your account must use a second factor: add a passkey or set up an authenticator app to continue.'
                : 'Protect your account with a code from an authenticator app after your password.'}
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value={START_TOTP} />
              <Button type="submit" variant={status.passkeys ? 'secondary' : 'primary'}>
                Set up an authenticator app
              </Button>
            </Form>
          </>
        )}
      </section>
    </>
  );
}

interface PasskeysPanelProps {
  readonly passkeys: TwoFactorPage['passkeys'];
  readonly isRequired: boolean;
  readonly nameError?: string;
  readonly renaming?: { id?: string; error?: string };
}

/** The account's passkeys: each with its name, when it was added and last used, a rename and a remove; and adding one. */
function PasskeysPanel({ passkeys, isRequired, nameError, renaming }: PasskeysPanelProps) {
  const ceremony = usePasskeyCeremony('register', REGISTER_PASSKEY);
  const isSubmitting = useNavigation().state === 'submitting';
  const [missingName, setMissingName] = useState(false);
  return (
    <section aria-labelledby="passkeys-title" className="cas-panel">
      <h2 id="passkeys-title" className="cas-panel-title">
        Passkeys
      </h2>
      <p>
        A passkey signs you in with your device&apos;s screen lock, fingerprint or face, or with a security key: after your
        password instead of a code, or on its own with &quot;Sign in with a passkey&quot;.
      </p>
      {isRequired ? (
        <Notice
          tone={passkeys.length ? 'info' : 'warning'}
          title="Passkeys are required"
          description={
            passkeys.length
              ? 'IAM administrators must sign in with a passkey: keep at least one.'
              : 'IAM administrators must sign in with a passkey: add one to continue.'
          }
        />
      ) : null}
      {passkeys.length ? (
        <ul aria-label="Your passkeys" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 16 }}>
          {passkeys.map((p) => (
            <li key={p._id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 12, borderBottom: '1px solid var(--cas-border, #ddd)', paddingBottom: 12 }}>
              <div style={{ flex: '1 1 220px' }}>
                <strong>{p.name}</strong>
                <div className="cas-field__description">
                  Added {formatDate(p.createdAt)} · {p.lastUsedAt ? `last used ${formatDate(p.lastUsedAt, { time: true })}` : 'not used yet'}
                  {p.deviceType === 'multiDevice' ? ' · synced' : ''}
                </div>
              </div>
              <Form method="post" noValidate style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: 8 }} aria-label={`Rename ${p.name}`}>
                <input type="hidden" name="intent" value={RENAME_PASSKEY} />
                <input type="hidden" name="id" value={p._id} />
                <TextField
                  label={`New name for ${p.name}`}
                  name="name"
                  isRequired
                  defaultValue={p.name}
                  error={renaming?.id === p._id ? renaming.error : undefined}
                />
                <Button type="submit" variant="secondary">
                  Rename
                </Button>
              </Form>
              <Form method="post" aria-label={`Remove ${p.name}`}>
                <input type="hidden" name="intent" value={REMOVE_PASSKEY} />
                <input type="hidden" name="id" value={p._id} />
                <Button type="submit" variant="secondary" aria-label={`Remove ${p.name}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p>You have no passkeys yet.</p>
      )}
      <h3 id="add-passkey-title">Add a passkey</h3>
      {ceremony.isAvailable ? (
        <Form
          // A new form (empty name) once a passkey was added.
          key={passkeys.length}
          method="post"
          noValidate
          aria-labelledby="add-passkey-title"
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '').trim();
            setMissingName(!name);
            if (name) ceremony.start({ name });
          }}
        >
          <TextField
            label="Passkey name"
            name="name"
            isRequired
            description="So you can tell your passkeys apart, e.g. Work laptop or Phone."
            error={missingName ? 'Required' : (ceremony.problem ?? nameError)}
          />
          <Button type="submit" isDisabled={ceremony.isWorking || isSubmitting}>
            {ceremony.isWorking ? 'Waiting for your passkey…' : 'Add a passkey'}
          </Button>
        </Form>
      ) : (
        <p className="cas-field__description" data-testid="passkeys-need-javascript">
          Adding a passkey needs JavaScript and a browser that supports passkeys.
        </p>
      )}
    </section>
  );
}
