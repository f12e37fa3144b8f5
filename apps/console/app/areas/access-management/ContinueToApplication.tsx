import { SendBrowserOn } from '../../components/SendBrowserOn';

/** Sends the browser back to the application after a posted sign-in form, once (see `SendBrowserOn`). */
export function ContinueToApplication({ to }: { readonly to: string }) {
  return (
    <section aria-labelledby="continue-title">
      <SendBrowserOn to={to} />
      <h1 id="continue-title" className="cas-page-title">
        Signed in
      </h1>
      <p>
        <a href={to}>Continue to the application</a>
      </p>
    </section>
  );
}
