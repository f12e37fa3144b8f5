import { useRouteLoaderData } from '@remix-run/react';
import type { ShellData } from './shell';

/** The signed-in user, the applications and the menu state, from the /app layout route. */
export function useShell(): ShellData {
  const shell = useRouteLoaderData<ShellData>('routes/app');
  if (!shell) throw new Error('useShell is only available below /app.');
  return shell;
}
