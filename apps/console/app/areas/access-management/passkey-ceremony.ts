import { useFetcher, useSubmit } from '@remix-run/react';
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useEffect, useRef, useState } from 'react';
import { useIsHydrated } from '@campus/ui';

/** The intent that asks a page's action for the options of a new ceremony (a fresh, single-use challenge). */
export const PASSKEY_OPTIONS = 'passkey-options';

/** What a page's action answers `intent=passkey-options`: the ceremony, or why there is none. */
export interface PasskeyOptionsAnswer {
  readonly ceremony?: { readonly challengeId: string; readonly options: Record<string, unknown> };
  readonly problem?: string;
}

/** A WebAuthn failure in words: the person cancelled or waited too long, or the browser refused. */
function describe(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError') return 'The passkey request was cancelled or timed out. Try again.';
  if (name === 'InvalidStateError') return 'This passkey is already registered for your account.';
  return 'Your browser could not use a passkey here. Try again, or use another way to sign in.';
}

/**
 * A passkey ceremony run from a page (decision 0058): the page's own action gives the options (`intent=passkey-options`,
 * through a fetcher), the browser asks the authenticator, and its answer is posted to the action as a form with
 * `intent` = `finishIntent`, the challenge id and the answer as JSON. Passkeys need JavaScript: `isAvailable` is false
 * until the page has hydrated in a browser with WebAuthn, and the page shows the way without it instead.
 */
export function usePasskeyCeremony(kind: 'register' | 'authenticate', finishIntent: string) {
  const fetcher = useFetcher<PasskeyOptionsAnswer>({ key: `passkey-${finishIntent}` });
  const submit = useSubmit();
  const isHydrated = useIsHydrated();
  const pending = useRef<Record<string, string> | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  useEffect(() => {
    const fields = pending.current;
    if (fetcher.state !== 'idle' || !fields) return;
    pending.current = null;
    const ceremony = fetcher.data?.ceremony;
    if (!ceremony) {
      setProblem(fetcher.data?.problem ?? 'The passkey request could not be started. Try again.');
      setIsWorking(false);
      return;
    }
    const asked =
      kind === 'register'
        ? startRegistration({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialCreationOptionsJSON })
        : startAuthentication({ optionsJSON: ceremony.options as unknown as PublicKeyCredentialRequestOptionsJSON });
    asked
      .then((response) =>
        submit({ ...fields, intent: finishIntent, challengeId: ceremony.challengeId, response: JSON.stringify(response) }, { method: 'post' }),
      )
      .catch((error: unknown) => setProblem(describe(error)))
      .finally(() => setIsWorking(false));
  }, [fetcher.state, fetcher.data, kind, finishIntent, submit]);

  return {
    isAvailable: isHydrated && browserSupportsWebAuthn(),
    isWorking: isWorking || fetcher.state !== 'idle',
    problem,
    /** Starts the ceremony; `fields` go with the answer (a passkey's name, "remember this device"…). */
    start(fields: Record<string, string> = {}) {
      setProblem(null);
      setIsWorking(true);
      pending.current = fields;
      fetcher.submit({ intent: PASSKEY_OPTIONS }, { method: 'post' });
    },
  };
}
