import { useEffect, useState } from 'react';

/** Whether the page has hydrated: controls that need JavaScript appear only then. */
export function useIsHydrated(): boolean {
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  return isHydrated;
}
