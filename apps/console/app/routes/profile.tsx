import { data, type LoaderFunctionArgs } from '@remix-run/node';
import { NavLink, Outlet, useLoaderData } from '@remix-run/react';
import { APPLICATIONS, applicationPath, canOpenApplication } from '@campus/domain-iam';
import { HomeLayout } from '@campus/ui';
import { ShellHeader } from '../components/ShellHeader';
import { APP_VERSION } from '../lib/constants';
import { isMenuCollapsed } from '../lib/preferences.server';
import { requireUser } from '../lib/session.server';
import type { ShellData } from '../lib/shell';

/** Profile pages (spec §2): signed-in users only, never scope-guarded. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
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
  return data({ shell, employee: user.employee });
}

export default function ProfileLayout() {
  const { shell } = useLoaderData<typeof loader>();
  return (
    <HomeLayout header={<ShellHeader shell={shell} />} footer={`Version ${APP_VERSION}`}>
      <nav aria-label="Profile" className="cas-profile-nav" style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
        <NavLink to="/profile" end>
          Profile
        </NavLink>
        <NavLink to="/profile/details">Details</NavLink>
        <NavLink to="/profile/security">Security</NavLink>
      </nav>
      <Outlet />
    </HomeLayout>
  );
}
