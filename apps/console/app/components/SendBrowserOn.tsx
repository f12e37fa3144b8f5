import { useEffect, useRef } from 'react';

/**
 * Sends the browser on to `to` exactly once, for pages whose next address must be visited a single time (an
 * application's resume address completes a sign-in on its first visit and refuses a second one; each step of a
 * single logout is used up): with JavaScript one `location.replace`, without it a refresh inside `noscript`, so a
 * browser running scripts never also schedules it. The page around it shows a link to `to` for either.
 */
export function SendBrowserOn({ to }: { readonly to: string }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    window.location.replace(to);
  }, [to]);
  return (
    <noscript>
      <meta httpEquiv="refresh" content={`0;url=${to}`} />
    </noscript>
  );
}
