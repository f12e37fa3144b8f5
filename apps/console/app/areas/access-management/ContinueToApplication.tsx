import { useEffect, useRef } from 'react';

/**
 * Sends the browser back to the application after a posted form, exactly once: the application's resume address
 * completes the sign-in on its first visit and refuses a second one. Without JavaScript a refresh does it (inside
 * `noscript`, so a browser running scripts never also schedules it); with JavaScript one `location.replace`. The
 * link is there for either.
 */
export function ContinueToApplication({ to }: { readonly to: string }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    window.location.replace(to);
  }, [to]);
  return (
    <section aria-labelledby="continue-title">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${to}`} />
      </noscript>
      <h1 id="continue-title" className="cas-page-title">
        Signed in
      </h1>
      <p>
        <a href={to}>Continue to the application</a>
      </p>
    </section>
  );
}
