declare module '@remix-run/node' {
  /** What `server.mjs` hands every loader and action. */
  interface AppLoadContext {
    /** The browser's address (the socket peer, or the forwarded address when TRUST_PROXY is set). */
    readonly clientAddress?: string;
    /** This response's Content-Security-Policy nonce. */
    readonly cspNonce?: string;
    /** Set when `server.mjs` turned a refused cross-site post into a request for the 403 page (`routes/refused.tsx`). */
    readonly refusedCrossSite?: boolean;
    /** Whether this process is shutting down (SIGTERM): `/readyz` fails while requests in flight finish. */
    readonly draining?: () => boolean;
  }
}

export {};
