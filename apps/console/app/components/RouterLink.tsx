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
 * new windows and external addresses. On the server an absolute in-app link is only its markup — the same `<a>`
 * Remix's `Link` writes, which the browser's render hydrates — so a page's dozens of links are not each resolved
 * against the route matches (about a tenth of a list page's rendering).
 */
export function RouterLink({ href, target, ...rest }: LinkComponentProps) {
  if (target || /^[a-z]+:/i.test(href)) return <a href={href} target={target} {...rest} />;
  if (typeof document === 'undefined' && href.startsWith('/')) return <a {...rest} data-discover="true" href={href} />;
  return <InAppLink href={href} {...rest} />;
}

/** An in-app link through the router, prefetching on intent except on slow connections. */
function InAppLink({ href, ...rest }: LinkComponentProps) {
  const prefetch = usePrefetchMode();
  return <Link to={href} prefetch={prefetch} {...rest} />;
}
