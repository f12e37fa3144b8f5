import { SendBrowserOn } from './SendBrowserOn';

/**
 * Sends the browser on to sign out of the other applications (single logout), once: with JavaScript one
 * `location.replace`, without it a refresh inside `noscript`; the link is there for either.
 */
export function ContinueSigningOut({ to }: { readonly to: string }) {
  return (
    <section className="cas-panel" style={{ maxWidth: 440, margin: '10vh auto' }} aria-labelledby="signing-out-title">
      <SendBrowserOn to={to} />
      <h1 id="signing-out-title" className="cas-dialog__title">
        Signing out
      </h1>
      <p className="cas-dialog__description">You are signed out here. Signing you out of the applications you used with this account…</p>
      <p>
        <a href={to}>Continue signing out</a>
      </p>
    </section>
  );
}
