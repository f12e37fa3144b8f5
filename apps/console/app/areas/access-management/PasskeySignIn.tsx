import { Button } from '@campus/ui';
import { usePasskeyCeremony } from './passkey-ceremony';
import { SIGN_IN_WITH_PASSKEY } from './passkey-sign-in';

export interface PasskeySignInProps {
  readonly clientId: string | null;
  readonly uid: string | null;
}

/**
 * "Sign in with a passkey" on the sign-in page. Passkeys need JavaScript: without it (or in a browser without
 * WebAuthn) the button is absent and a line says so; the password form above works either way.
 */
export function PasskeySignIn({ clientId, uid }: PasskeySignInProps) {
  const passkey = usePasskeyCeremony('authenticate', SIGN_IN_WITH_PASSKEY);
  if (!passkey.isAvailable) {
    return <p className="cas-field__description">Signing in with a passkey needs JavaScript and a browser that supports passkeys.</p>;
  }
  const asked: Record<string, string> = {
    ...(clientId ? { clientId } : {}),
    ...(uid ? { interaction: uid } : {}),
  };
  return (
    <section aria-label="Passkey sign-in" style={{ borderTop: '1px solid var(--cas-border, #ddd)', paddingTop: 16 }}>
      {passkey.problem ? (
        <p role="alert" className="cas-field__error">
          {passkey.problem}
        </p>
      ) : null}
      <Button variant="secondary" className="cas-button--block" isDisabled={passkey.isWorking} onPress={() => passkey.start(asked)}>
        {passkey.isWorking ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </Button>
    </section>
  );
}
