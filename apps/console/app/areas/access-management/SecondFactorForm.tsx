import { useForm } from '@conform-to/react';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Button, Checkbox, TextField } from '@campus/ui';
import { FormNotice } from '../../components/FormNotice';
import { usePasskeyCeremony } from './passkey-ceremony';
import { VERIFY_CODE, VERIFY_PASSKEY, type SecondFactorFormData, type SecondFactorWays } from './second-factor';

export interface SecondFactorFormProps {
  readonly ways: SecondFactorWays;
  readonly result?: SecondFactorFormData;
}

/**
 * The step after the password: the account's passkey (with JavaScript), or the code of the authenticator app or a
 * recovery code; either way "remember this device" skips the step in this browser for 30 days.
 */
export function SecondFactorForm({ ways, result }: SecondFactorFormProps) {
  const [, fields] = useForm<{ code: string; response: string }>({ lastResult: result?.result });
  const isSubmitting = useNavigation().state === 'submitting';
  const passkey = usePasskeyCeremony('authenticate', VERIFY_PASSKEY);
  const [rememberDevice, setRememberDevice] = useState(false);
  const remember = (
    <Checkbox name="rememberDevice" value="on" isSelected={rememberDevice} onChange={setRememberDevice}>
      Remember this device for 30 days
    </Checkbox>
  );
  return (
    <>
      <FormNotice notice={result?.notice} />
      {ways.passkey ? (
        <section aria-labelledby="passkey-step-title">
          <h2 id="passkey-step-title" className="cas-panel-title">
            Use your passkey
          </h2>
          {passkey.isAvailable ? (
            <>
              {passkey.problem ? (
                <p role="alert" className="cas-field__error">
                  {passkey.problem}
                </p>
              ) : null}
              {ways.code ? null : <p>{remember}</p>}
              <Button
                className="cas-button--block"
                isDisabled={passkey.isWorking || isSubmitting}
                onPress={() => passkey.start(rememberDevice ? { rememberDevice: 'on' } : {})}
              >
                {passkey.isWorking ? 'Waiting for your passkey…' : 'Use a passkey'}
              </Button>
            </>
          ) : (
            <p className="cas-field__description">
              Using a passkey needs JavaScript and a browser that supports passkeys.
              {ways.code ? ' Enter a code below instead.' : ''}
            </p>
          )}
        </section>
      ) : null}
      {ways.code ? (
        <Form method="post" noValidate>
          {ways.passkey ? <h2 className="cas-panel-title">Or enter a code</h2> : null}
          <input type="hidden" name="intent" value={VERIFY_CODE} />
          <TextField
            label="Authentication code"
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            isRequired
            autoFocus={!ways.passkey}
            description="The 6-digit code from your authenticator app, or one of your recovery codes."
            error={fields.code.errors?.[0]}
          />
          <p>{remember}</p>
          <Button type="submit" isDisabled={isSubmitting} className="cas-button--block">
            {isSubmitting ? 'Checking…' : 'Verify'}
          </Button>
        </Form>
      ) : null}
    </>
  );
}
