import { Link } from '@remix-run/react';
import type { LinkComponentProps } from '@campus/ui';
import { useEffect, useState } from 'react';

interface NetworkInformation {
  effectiveType?: string;
  saveData?: boolean;
}

/** True on slow or data-saving connections, where data prefetch is skipped (spec §9). */
export function isSlowConnection(connection: NetworkInformation | undefined): boolean {
  if (!connection) return false;
  return connection.saveData === true || connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g';
}

/** Prefetch on intent, except on slow connections. Server and first render: no prefetch. */
export function usePrefetchMode(): 'intent' | 'none' {
  const [mode, setMode] = useState<'intent' | 'none'>('none');
  useEffect(() => {
    const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
    setMode(isSlowConnection(connection) ? 'none' : 'intent');
  }, []);
  return mode;
}

/**
 * Remix `Link` for the design system's links: client-side navigation for in-app paths; a plain anchor for
 * new windows and external addresses.
 */
export function RouterLink(props: LinkComponentProps) {
  return typeof document === 'undefined' ? <ServerLink {...props} /> : <ClientLink {...props} />;
}

/**
 * On the server a link is only its markup: the same `<a>` Remix's `Link` writes for an absolute in-app path (the
 * browser's render of `ClientLink` hydrates it), without resolving the path against the route matches — a page has
 * dozens of links and that resolving was a tenth of its rendering.
 */
function ServerLink({ href, target, ...rest }: LinkComponentProps) {
  if (target || /^[a-z]+:/i.test(href)) return <a href={href} target={target} {...rest} />;
  // A relative path needs the route matches to resolve: Remix's Link does that.
  if (!href.startsWith('/')) return <Link to={href} {...rest} />;
  return <a {...rest} data-discover="true" href={href} />;
}

function ClientLink({ href, target, ...rest }: LinkComponentProps) {
  const prefetch = usePrefetchMode();
  if (target || /^[a-z]+:/i.test(href)) return <a href={href} target={target} {...rest} />;
  return <Link to={href} prefetch={prefetch} {...rest} />;
}
