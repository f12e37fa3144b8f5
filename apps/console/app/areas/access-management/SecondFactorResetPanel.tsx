import { Form } from '@remix-run/react';
import { Button } from '@campus/ui';
import { RESET_SECOND_FACTOR, type SecondFactorResetResult } from './second-factor-reset';

/** On a user's edit screen: reset the authenticator of a user who lost it and their recovery codes. */
export function SecondFactorResetPanel({ result }: { readonly result?: SecondFactorResetResult['panelResult'] }) {
  return (
    <section aria-labelledby="second-factor-reset-title" className="cas-panel">
      <h2 id="second-factor-reset-title">Two-factor sign-in</h2>
      <p>
        For a user who lost their authenticator app and their recovery codes: removes both, forgets their remembered
        devices and signs them out. Check who is asking before you do it.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value={RESET_SECOND_FACTOR} />
        <Button type="submit" variant="secondary">
          Reset two-factor sign-in
        </Button>
      </Form>
      {result ? <p role={result.ok ? 'status' : 'alert'}>{result.message}</p> : null}
    </section>
  );
}
