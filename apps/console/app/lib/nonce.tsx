import { createContext, useContext } from 'react';

/** The response's Content-Security-Policy nonce during server rendering; undefined in the browser. */
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
