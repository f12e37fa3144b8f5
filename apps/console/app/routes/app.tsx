import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { Outlet, type ShouldRevalidateFunction } from '@remix-run/react';
import { APPLICATIONS, applicationPath, canOpenApplication, decideAccess } from '@campus/domain-iam';
import { isMenuCollapsed } from '../lib/preferences.server';
import { rememberPath } from '../lib/redirect.server';
import { requireUser } from '../lib/session.server';
import type { ShellData } from '../lib/shell';

/**
 * Every /app page: the signed-in user (else /auth), the route guard of spec §6 (a path outside the user's
 * scopes answers 401 with the error page), and the redirect cookie that remembers the page for 12 hours.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  const decision = decideAccess(user, new URL(request.url).pathname);
  if (!decision.allowed) throw data({ message: decision.reason }, { status: decision.status });
  const shell: ShellData = {
    user: {
      _id: user._id,
      firstName: user.firstName,
      lastName: user.lastName,
      avatar: user.avatar,
      email: user.email,
      adminScopes: [...user.adminScopes],
      iamAdmin: user.iamAdmin,
    },
    applications: APPLICATIONS.map((a) => ({
      code: a.code,
      name: a.name,
      description: a.description,
      path: applicationPath(a.code),
      isAllowed: canOpenApplication(user, a.code),
    })),
    isMenuCollapsed: await isMenuCollapsed(request),
  };
  return data(shell, { headers: { 'Set-Cookie': await rememberPath(request) } });
}

/** The guard and the redirect cookie must see every navigation, not only the first. */
export const shouldRevalidate: ShouldRevalidateFunction = () => true;

export default function AppLayout() {
  return <Outlet />;
}
